import { describe, expect, it } from 'vitest';
import { parsePurl } from '../../src/model/purl.js';
import { parseOsvAdvisory } from '../../src/ingest/formats/osv/parse.js';
import {
  advisoryAffects,
  evaluableAffected,
  matchAdvisory,
  unsupportedEntries,
  type OsvAdvisory,
} from '../../src/vuln/osv-match.js';
import { translateOsv } from '../../src/ingest/formats/osv/translate.js';
import { osvPackageKey } from '../../src/vuln/ecosystems.js';
import { FIXTURES } from '../helpers/corpus.js';
import { osvAdvisoryEdgesSuite } from './corpus-data.suite.js';

const advisories: [string, OsvAdvisory][] = FIXTURES.filesOfKind('osv').map((f) => [
  f,
  parseOsvAdvisory(FIXTURES.rawJson(f), ''),
]);
const byId = (id: string) => advisories.find(([, a]) => a.id === id)![1];
const affects = (id: string, purl: string) => advisoryAffects(byId(id), parsePurl(purl));

osvAdvisoryEdgesSuite(FIXTURES);

describe('osvPackageKey', () => {
  it.each([
    ['pkg:npm/%40fastify/passport@1.0.0', 'npm', '@fastify/passport'],
    ['pkg:pypi/Django_REST@1.0', 'PyPI', 'django-rest'],
    ['pkg:maven/org.keycloak/keycloak-parent@3.4.3.Final', 'Maven', 'org.keycloak:keycloak-parent'],
    ['pkg:golang/github.com/gogo/protobuf@v1.3.1', 'Go', 'github.com/gogo/protobuf'],
    ['pkg:golang/stdlib@1.21.2', 'Go', 'stdlib'],
    ['pkg:cargo/hyper@0.14.9', 'crates.io', 'hyper'],
    ['pkg:gem/rails@7.0.0', 'RubyGems', 'rails'],
    ['pkg:nuget/Newtonsoft.Json@13.0.1', 'NuGet', 'Newtonsoft.Json'],
    ['pkg:composer/laravel/framework@7.12.0', 'Packagist', 'laravel/framework'],
    ['pkg:deb/debian/bash@5.0-4?distro=debian-10', 'Debian:10', 'bash'],
    ['pkg:deb/ubuntu/bash@5.1-6?distro=ubuntu-22.04', 'Ubuntu:22.04', 'bash'],
  ])('%s → %s %s', (purl, ecosystem, name) => {
    expect(osvPackageKey(parsePurl(purl))).toEqual({ ecosystem, name });
  });

  it('reports unsupported types with a reason', () => {
    const r = matchAdvisory(byId('GHSA-2ccf-ffrj-m4qw'), parsePurl('pkg:alpm/arch/pacman@6.0.2-1'));
    expect(r.affected).toBe(false);
    expect(r.reasons.join()).toMatch(/alpm/);
    const fedora = matchAdvisory(byId('GHSA-2ccf-ffrj-m4qw'), parsePurl('pkg:rpm/fedora/curl@8.0.1-1.fc38'));
    expect(fedora.reasons.join()).toMatch(/rpm packages of "fedora"/);
  });
});

describe('unsupportedEntries', () => {
  it('reports GIT ranges and ecosystems without ordering', () => {
    expect(unsupportedEntries(byId('PYSEC-2023-74')).map((u) => u.path)).toEqual(['/affected/0/ranges/0']);
    const r = matchAdvisory(byId('PYSEC-2023-74'), parsePurl('pkg:pypi/requests@2.30.0'));
    expect(r).toMatchObject({ affected: true });
    const mageia = parseOsvAdvisory({
      id: 'MGASA-1',
      affected: [
        {
          package: { ecosystem: 'Mageia:9', name: 'x' },
          ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }] }],
        },
      ],
    });
    expect(unsupportedEntries(mageia)[0].reason).toMatch(/no version ordering/);
  });
});

describe('matching by hand-checked cases', () => {
  it.each([
    // Go vulndb: stdlib with two ranges, x/net with a pseudo-version fix.
    ['GO-2023-2102', 'pkg:golang/stdlib@1.20.9', true],
    ['GO-2023-2102', 'pkg:golang/stdlib@1.20.10', false],
    ['GO-2023-2102', 'pkg:golang/stdlib@1.21.0-rc.2', true],
    ['GO-2023-2102', 'pkg:golang/stdlib@1.21.3', false],
    ['GO-2023-2102', 'pkg:golang/golang.org/x/net@v0.16.0', true],
    ['GO-2023-2102', 'pkg:golang/golang.org/x/net@v0.17.0', false],
    ['GO-2022-0969', 'pkg:golang/golang.org/x/net@v0.0.0-20220826154423-83b083e8dc8b', true],
    ['GO-2022-0969', 'pkg:golang/golang.org/x/net@v0.0.0-20220906165146-f3363e06e74c', false],
    ['GO-2022-0969', 'pkg:golang/golang.org/x/net@v0.1.0', false],
    ['GO-2021-0053', 'pkg:golang/github.com/gogo/protobuf@v1.3.1', true],
    ['GO-2021-0053', 'pkg:golang/github.com/gogo/protobuf@v1.3.2', false],
    ['GO-2021-0053', 'pkg:golang/github.com/gogo/protobuf/v2@v1.3.1', false],
    // GHSA: npm two ranges, NuGet case-insensitive names, PyPI last_affected, Maven last_affected.
    ['GHSA-2ccf-ffrj-m4qw', 'pkg:npm/%40fastify/passport@1.0.9', true],
    ['GHSA-2ccf-ffrj-m4qw', 'pkg:npm/%40fastify/passport@1.1.0', false],
    ['GHSA-2ccf-ffrj-m4qw', 'pkg:npm/%40fastify/passport@2.2.0', true],
    ['GHSA-2ccf-ffrj-m4qw', 'pkg:npm/%40fastify/passport@2.3.0', false],
    ['GHSA-2ccf-ffrj-m4qw', 'pkg:npm/passport@1.0.0', false],
    ['GHSA-rh58-r7jh-xhx3', 'pkg:nuget/microsoft.netcore.app.runtime.linux-x64@5.0.8', true],
    ['GHSA-rh58-r7jh-xhx3', 'pkg:nuget/Microsoft.NETCore.App.Runtime.linux-x64@5.0.9', false],
    ['GHSA-rh58-r7jh-xhx3', 'pkg:nuget/Microsoft.NETCore.App.Runtime.linux-x64@3.0.3', false],
    ['GHSA-4vmg-rw8f-92f9', 'pkg:pypi/torch@2.3.1', true],
    ['GHSA-4vmg-rw8f-92f9', 'pkg:pypi/torch@2.3.1.post1', false],
    ['GHSA-4vmg-rw8f-92f9', 'pkg:pypi/Torch@2.0.0rc1', true],
    ['GHSA-4vmg-rw8f-92f9', 'pkg:pypi/torch@2.4.0', false],
    ['GHSA-458h-wv48-fq75', 'pkg:maven/org.keycloak/keycloak-parent@3.4.3.Final', true],
    ['GHSA-458h-wv48-fq75', 'pkg:maven/org.keycloak/keycloak-parent@3.4.4.Final', false],
    ['GHSA-458h-wv48-fq75', 'pkg:maven/org.keycloak/keycloak-parent@4.3.0.Final', true],
    ['GHSA-458h-wv48-fq75', 'pkg:maven/org.keycloak/keycloak-parent@4.2.0.Final', false],
    ['GHSA-69ch-w2m2-3vjp', 'pkg:golang/golang.org/x/text@v0.3.7', true],
    ['GHSA-69ch-w2m2-3vjp', 'pkg:golang/golang.org/x/text@v0.3.8', false],
    // crates.io: SEMVER ranges, names compared case-insensitively.
    ['GHSA-c25x-cm9x-qqgx', 'pkg:cargo/deno@1.32.0', true],
    ['GHSA-c25x-cm9x-qqgx', 'pkg:cargo/Deno@1.32.1', false],
    ['RUSTSEC-2021-0079', 'pkg:cargo/hyper@0.14.9', true],
    ['RUSTSEC-2021-0079', 'pkg:cargo/hyper@0.14.10', false],
    // Explicit versions only (malicious package), and a GIT+ECOSYSTEM record.
    ['MAL-2024-10238', 'pkg:pypi/123bla@0.0.1', true],
    ['MAL-2024-10238', 'pkg:pypi/123bla@0.0.2', false],
    ['PYSEC-2023-74', 'pkg:pypi/requests@2.31.0', false],
    ['PYSEC-2023-74', 'pkg:pypi/requests@2.2.1', false],
    // Withdrawn advisories never match.
    ['GHSA-57m8-f3v5-hm5m', 'pkg:maven/io.netty/netty-handler@4.1.50.Final', false],
    // No version: nothing to decide.
    ['GO-2021-0053', 'pkg:golang/github.com/gogo/protobuf', false],
  ])('%s affects %s: %s', (id, purl, expected) => {
    expect(affects(id, purl)).toBe(expected);
  });

  it('explains a withdrawn advisory', () => {
    expect(
      matchAdvisory(byId('GHSA-57m8-f3v5-hm5m'), parsePurl('pkg:maven/io.netty/netty-handler@4.1.50.Final')).reasons[0],
    ).toMatch(/withdrawn/);
  });

  it('honours limit events and release-qualified distro ecosystems', () => {
    const adv = parseOsvAdvisory({
      id: 'DEBIAN-CVE-1',
      modified: '2024-01-01T00:00:00Z',
      affected: [
        {
          package: { ecosystem: 'Debian:11', name: 'openssl' },
          ranges: [
            {
              type: 'ECOSYSTEM',
              events: [{ introduced: '0' }, { fixed: '1.1.1n-0+deb11u4' }, { limit: '1.1.1n-0+deb11u3' }],
            },
          ],
        },
      ],
    });
    expect(advisoryAffects(adv, parsePurl('pkg:deb/debian/openssl@1.1.1n-0+deb11u2?distro=debian-11'))).toBe(true);
    expect(advisoryAffects(adv, parsePurl('pkg:deb/debian/openssl@1.1.1n-0+deb11u3?distro=debian-11'))).toBe(false); // limit
    expect(advisoryAffects(adv, parsePurl('pkg:deb/debian/openssl@1.1.1n-0+deb11u2?distro=debian-12'))).toBe(false); // other release
    expect(advisoryAffects(adv, parsePurl('pkg:deb/debian/openssl@1.1.1n-0+deb11u2'))).toBe(true); // release unknown
  });
});

// Issue 29: range bounds of thousands of segments overflowed the stack of the Maven comparison.
describe('hostile range bounds', () => {
  const nested = Array.from({ length: 10_000 }, () => '1a').join('.');
  const hostile = () =>
    parseOsvAdvisory({
      id: 'GHSA-hhhh-hhhh-hhhh',
      modified: '2024-01-01T00:00:00Z',
      affected: [
        { versions: ['1.0'] }, // no package: left out by the parser
        {
          package: { ecosystem: 'Maven', name: 'org.example:lib' },
          ranges: [
            { type: 'ECOSYSTEM', events: [{ introduced: nested }, { fixed: `${nested}.2` }] },
            { type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '2.0' }] },
            { type: 'SEMVER', events: [{ introduced: '0' }, { fixed: 'not-semver' }] },
            { type: 'GIT', repo: 'https://example.com/r', events: [{ introduced: 'a1b2c3' }] },
          ],
          versions: ['1.5', nested],
        },
      ],
    });

  it('matching answers instead of overflowing the stack', () => {
    const advisory = hostile();
    const vulnerable = matchAdvisory(advisory, parsePurl('pkg:maven/org.example/lib@1.0'));
    expect(vulnerable.affected).toBe(true); // by the sane range
    const fixed = matchAdvisory(advisory, parsePurl('pkg:maven/org.example/lib@3.0'));
    expect(fixed.affected).toBe(false);
    expect(fixed.reasons.join('\n')).toMatch(/not a valid Maven version/);
    // A listed version matches by string equality whatever its length…
    expect(matchAdvisory(advisory, parsePurl(`pkg:maven/org.example/lib@${nested}`)).affected).toBe(true);
    // …but a package version over the limit is never ordered: a reason, no verdict.
    const huge = matchAdvisory(advisory, parsePurl(`pkg:maven/org.example/lib@${nested}.9`));
    expect(huge.affected).toBe(false);
    expect(huge.reasons.join('\n')).toMatch(/the package's version is an unevaluable version/);
  });

  it('ingest leaves out ranges with unevaluable bounds and too long versions, with pointers and reasons', () => {
    const { affected, skipped } = evaluableAffected(hostile());
    expect(affected[0].ranges.map((r) => r.type)).toEqual(['ECOSYSTEM', 'GIT']);
    expect(affected[0].ranges[0].events).toEqual([{ introduced: '0' }, { fixed: '2.0' }]);
    expect(affected[0].versions).toEqual(['1.5']);
    // The first affected entry has no package: pointers keep the record's own indexes.
    expect(skipped.map((s) => s.path)).toEqual([
      '/affected/1/ranges/0/events/0/introduced',
      '/affected/1/ranges/2/events/1/fixed',
      '/affected/1/versions/1',
    ]);
    expect(skipped[0].reason).toMatch(
      /^range not evaluated: its "introduced" bound is an unevaluable version: 29999 characters/,
    );
    expect(skipped[1].reason).toBe('range not evaluated: its "fixed" bound "not-semver" is not a valid SemVer version');
    expect(skipped[2].reason).toMatch(/^version not matched: an unevaluable version/);
  });

  it('the stored advisory keeps none of the unevaluable bounds', () => {
    const facts = translateOsv(hostile());
    const stored = JSON.stringify(facts);
    expect(stored).not.toContain('1a.1a.1a');
    expect(facts.skipped.map((s) => s.path)).toContain('/affected/1/ranges/0/events/0/introduced');
  });
});
