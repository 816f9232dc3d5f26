// Body of /analysis/dependencies: package names ranked by dependents or by scorecard score.
import { Type, type Static } from 'typebox';
import { BARE_ARRAY_DESCRIPTION } from './lists.js';

const RankedNameSchema = Type.Object({
  Name: Type.String(),
  DependentCount: Type.Integer(),
  Score: Type.Optional(
    Type.Number({ description: 'scorecard sort only: the aggregate score sorted on (-1: inconclusive)' }),
  ),
  Source: Type.Optional(Type.String({ description: 'scorecard sort only: the source repository scored' })),
  ScorecardDate: Type.Optional(Type.String({ description: 'scorecard sort only' })),
});

export const RankingSchema = Type.Array(RankedNameSchema, { description: BARE_ARRAY_DESCRIPTION });
export type Ranking = Static<typeof RankingSchema>;
