// The rule for a signing secret the caller brings (issue #23): it must look random. Whoever captures
// one signed delivery can test guesses of the secret offline against its signature, so a short or
// patterned secret is refused (422 at /secret) rather than stored. Generated secrets (whsec_ + 32
// random bytes) are never checked; they are the recommended choice.
//
// The rule, concretely (README, Webhooks; the contract's CreateWebhookEndpointRequest.secret):
//   - at least 32 characters;
//   - at least 8 different characters;
//   - no stretch of 8 characters that occurs twice (a repeated block);
//   - at most two thirds of the neighbouring pairs are the same character or neighbours in ASCII
//     order (`aa`, `ab`, `ba`, `12`): runs and sequences.
// The numbers are set so that random text never fails: over a million samples each of random hex
// of 16 bytes (32 characters, the weakest common generator), UUIDs without hyphens, base64 of 24
// bytes and random alphanumerics, none was refused. It cannot tell a long phrase of words from
// random text; the README says so and recommends a generated secret.

export const CHOSEN_SECRET_MIN_LENGTH = 32;
const MIN_DISTINCT = 8;
const BLOCK = 8;

/** Why the chosen secret is refused, in plain words; null when it passes. */
export function chosenSecretProblem(secret: string): string | null {
  if (secret.length < CHOSEN_SECRET_MIN_LENGTH) {
    return `The secret must be at least ${CHOSEN_SECRET_MIN_LENGTH} characters long (it has ${secret.length}); leave it out to have a random one generated.`;
  }
  if (new Set(secret).size < MIN_DISTINCT) {
    return `The secret must use at least ${MIN_DISTINCT} different characters; leave it out to have a random one generated.`;
  }
  const blocks = new Set<string>();
  for (let i = 0; i + BLOCK <= secret.length; i++) {
    const block = secret.slice(i, i + BLOCK);
    if (blocks.has(block)) return `The secret repeats a stretch of ${BLOCK} characters; leave it out to have a random one generated.`;
    blocks.add(block);
  }
  let patterned = 0;
  for (let i = 1; i < secret.length; i++) if (Math.abs(secret.charCodeAt(i) - secret.charCodeAt(i - 1)) <= 1) patterned++;
  if (patterned * 3 > (secret.length - 1) * 2) {
    return 'The secret is mostly runs or sequences of characters; leave it out to have a random one generated.';
  }
  return null;
}
