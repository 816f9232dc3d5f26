// Bodies of the liveness and readiness answers.
import { Type, type Static } from 'typebox';
import { StringEnum } from './typebox.js';

export const LivenessSchema = StringEnum(['Healthy']);

export const ReadinessSchema = Type.Object({
  status: StringEnum(['ready']),
  version: Type.Integer({ minimum: 0, description: 'Documents the index has loaded.' }),
  backend: StringEnum(['sqlite', 'postgres']),
});
export type Readiness = Static<typeof ReadinessSchema>;
