// /v0/diff: its query (two build references) and its body, what changed between the two builds.
import { Type, type Static } from 'typebox';
import { SEVERITIES } from '../../model/vulnerability.js';
import { StringEnum } from './typebox.js';

const BUILD_REFERENCE =
  'A build: a purl with a version (exactly that package version, e.g. `pkg:npm/shop-api@1.1.0`) or an artifact ' +
  'digest (`<algorithm>:<digest>`, or the digest alone when one algorithm has it).';

export const DiffQuerySchema = Type.Object({
  from: Type.String({ minLength: 1, description: `The earlier build. ${BUILD_REFERENCE}` }),
  to: Type.String({ minLength: 1, description: `The later build. ${BUILD_REFERENCE}` }),
});
export type DiffQuery = Static<typeof DiffQuerySchema>;

const NAME = Type.String({ description: 'The package name, `pkg:type/namespace/name` (no version).' });

const NamedVersionsSchema = Type.Object({
  name: NAME,
  purls: Type.Array(Type.String(), { description: "The name's versions in that build, in purl order." }),
});

const VersionChangeSchema = Type.Object({
  name: NAME,
  from: Type.Array(Type.String(), { description: 'Its versions in `from`, in purl order.' }),
  to: Type.Array(Type.String(), { description: 'Its versions in `to`, in purl order.' }),
});

const LicenceChangeSchema = Type.Object({
  name: NAME,
  from: Type.Array(Type.String(), {
    description: 'Every licence expression documents state for its versions in `from`, sorted (empty: none).',
  }),
  to: Type.Array(Type.String(), { description: 'The same for its versions in `to`.' }),
});

const VulnerabilityItemSchema = Type.Object({
  id: Type.String({ description: 'The vulnerability id the finding names (any alias of the set).' }),
  severity: StringEnum(SEVERITIES, { description: 'For this package, by the rule of docs/api.md "Severity".' }),
  package: Type.String({ description: 'The purl of the package version that has it.' }),
});

export const BuildDiffSchema = Type.Object({
  from: Type.String({ description: "The `from` build's subject: a canonical purl or a digest." }),
  to: Type.String({ description: "The `to` build's subject: a canonical purl or a digest." }),
  added: Type.Array(NamedVersionsSchema, {
    description: 'Package names among the components of `to` only, by name.',
  }),
  removed: Type.Array(NamedVersionsSchema, {
    description: 'Package names among the components of `from` only, by name.',
  }),
  changed: Type.Array(VersionChangeSchema, {
    description: 'Package names among the components of both, with different versions, by name.',
  }),
  vulnerabilities: Type.Object({
    introduced: Type.Array(VulnerabilityItemSchema, {
      description:
        'Vulnerabilities of `to` (as `/vulns?includeDependencies=true` finds them) that `from` does not have for a ' +
        'package of the same name (any alias), by package purl, then id.',
    }),
    fixed: Type.Array(VulnerabilityItemSchema, {
      description:
        'Vulnerabilities of `from` that `to` does not have for a package of the same name (any alias), by package ' +
        'purl, then id.',
    }),
  }),
  licensesChanged: Type.Array(LicenceChangeSchema, {
    description: 'Package names among the components of both whose licence expressions differ, by name.',
  }),
});
export type BuildDiffBody = Static<typeof BuildDiffSchema>;
