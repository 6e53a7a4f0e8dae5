// Prints, as one JSON object keyed by operationId, a schema-valid example input for every operation
// of the contract: { method, path, tags, input: {path, query, header, body}, problems }.
// The .NET Prism contract test runs it (`node --import tsx …` from the repository root) so both SDKs
// call Prism with the same examples, built and Ajv-checked by sdk-ts/test/contract/example-values.ts
// from the contract itself; an operation added to the contract is covered without test changes.
import { contractOperations, exampleInput } from '../../../../sdk-ts/test/contract/example-values.ts';

const result = {};
for (const op of contractOperations()) {
  const { input, problems } = exampleInput(op);
  result[op.operationId] = { method: op.method, path: op.path, tags: op.operation.tags ?? [], input, problems };
}
process.stdout.write(JSON.stringify(result));
