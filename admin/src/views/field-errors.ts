// A refusal's messages by what they are about: normalised JSON pointer (`/name`, `/fields/2/value`)
// → messages. Its own module because both sides use it: the forms that collect the messages
// (http/forms.ts) and the rendering that places them (render.ts, error-placement.ts).
export type FieldErrors = Record<string, string[]>;
