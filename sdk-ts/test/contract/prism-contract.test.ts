// Calls every operation of the contract through the SDK against a Prism mock of the same document.
// Prism validates each request (path, query, headers, body, security) and says so in the
// sl-violations header; not one request may be rejected. Operations are taken from the contract
// and given schema-valid example inputs, so operations added later are covered automatically.
import { expect } from 'chai';
import { startPrism, prismViolations, type RunningPrism } from '../../../test/helpers/prism.js';
import { VersoClient, type ObservedResponse } from '../../src/index.js';
import { contractOperations, exampleInput } from './example-values.js';

describe('SDK contract test against Prism (every operation)', function () {
  this.timeout(60_000);
  let prism: RunningPrism;
  const observed: ObservedResponse[] = [];
  let client: VersoClient;

  before(async () => {
    prism = await startPrism();
    // Auth-required operations need a bearer token or Prism answers 401.
    // Generated example webhook URLs are not https (WebhookUrl has no format or examples), so the
    // SDK's own URL check (webhook-url.test.ts) is off here: this test is about the wire contract.
    client = new VersoClient({ baseUrl: prism.url, token: 'verso_prism_contracttoken', retry: false, validateWebhookUrls: false, onResponse: (r) => void observed.push(r) });
  });

  after(async () => {
    const pid = prism?.pid;
    await prism?.stop();
    if (pid) expect(() => process.kill(pid, 0), 'prism must not outlive the tests').to.throw();
  });

  for (const op of contractOperations()) {
    it(`${op.operationId}: ${op.method} ${op.path} is accepted by Prism`, async () => {
      const { input, problems } = exampleInput(op);
      expect(problems, 'example input does not match the contract (add `examples` to the schema)').to.deep.equal([]);
      const before = observed.length;
      const method = (client as unknown as Record<string, (input: unknown) => Promise<unknown>>)[op.operationId];
      expect(method, `no SDK method for ${op.operationId}`).to.be.a('function');
      let failure: unknown;
      const data = await method!.call(client, input).catch((e: unknown) => (failure = e));
      const responses = observed.slice(before);
      expect(responses, 'exactly one response per call').to.have.length(1);
      const [response] = responses;
      expect(prismViolations(response!.headers), `Prism rejected the request:\n${prism.output().slice(-2000)}`).to.deep.equal([]);
      expect(failure, 'the call must succeed against the mock').to.equal(undefined);
      expect(response!.status).to.be.within(200, 299);
      expect(response!.operationId).to.equal(op.operationId);
      if ((response!.headers.get('content-type') ?? '').includes('json') && response!.status !== 204) {
        // A JSON body (an object, or an array such as link-translation's) comes back decoded.
        expect(data !== null && typeof data === 'object', 'the JSON body is decoded').to.equal(true);
      }
    });
  }
});
