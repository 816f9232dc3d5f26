// Bodies of the liveness and readiness answers.
import { Type, type Static } from 'typebox';
import { StringEnum } from './typebox.js';

export const LivenessSchema = StringEnum(['Healthy']);

export const ReadinessSchema = Type.Object({
  status: StringEnum(['ready', 'busy'], {
    description:
      'busy: a large change read from the store is being built into the index (in slices, while it answers); answers may not yet include it. Not an error: the store answers.',
  }),
  version: Type.Integer({
    minimum: 0,
    description:
      'The store version the index answers for: the last document loaded plus the documents deleted (both only grow, so it changes on every ingest and every delete).',
  }),
  backend: StringEnum(['sqlite', 'postgres']),
});
export type Readiness = Static<typeof ReadinessSchema>;
