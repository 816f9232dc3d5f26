// The build a stored SBOM is (src/model/build.ts): its project from the subject's purl, and the
// checks on what an upload says about it.
import { describe, expect, it } from 'vitest';
import { BuildInputError, checkBuildInput, parseLabels, projectNameOf } from '../../src/model/build.js';
import { parsePurl } from '../../src/model/purl.js';

const project = (purl: string): string | null => projectNameOf(parsePurl(purl));

describe('projectNameOf', () => {
  it.each([
    ['pkg:npm/%40acme/orders@1.2.3', '@acme/orders'],
    [
      'pkg:maven/org.springframework.samples/spring-petclinic@3.3.0-SNAPSHOT?type=jar',
      'org.springframework.samples/spring-petclinic',
    ],
    ['pkg:golang/github.com/ProtonMail/proton-bridge@v1.6.3', 'github.com/ProtonMail/proton-bridge'],
    ['pkg:pypi/django@5.0', 'django'],
    ['pkg:oci/alpine@sha256%3Aabcd?repository_url=docker.io/library/alpine:latest', 'docker.io/library/alpine'],
    ['pkg:oci/api@sha256%3Aabcd?repository_url=registry.local:5000/acme/api', 'registry.local:5000/acme/api'],
    ['pkg:oci/api@sha256%3Aabcd', 'api'],
    ['pkg:guac/spdx/registry.k8s.io/coredns/coredns:v1.9.3', 'registry.k8s.io/coredns/coredns'],
    ['pkg:guac/pkg/acme/tool@2.0', 'acme/tool'],
  ])('%s → %s', (purl, name) => {
    expect(project(purl)).toBe(name);
  });

  it.each([
    ['a subject-less CycloneDX BOM named after its serial number', 'pkg:guac/cdx/767adf19-fb7e-46fd-897d-79ad3500ef1d'],
    ['an SPDX document named after a digest', `pkg:guac/spdx/sha256:${'e7'.repeat(32)}`],
    ['an SBOM named after a digest reference', `pkg:guac/spdx/sbom-sha256:${'53'.repeat(32)}`],
  ])('no project for %s', (_what, purl) => {
    expect(project(purl)).toBeNull();
  });
});

describe('checkBuildInput', () => {
  it('trims text and gives builtAt in UTC', () => {
    expect(
      checkBuildInput({ project: ' orders ', builtAt: '2026-11-02T08:00:00+01:00', labels: { team: 'a' } }),
    ).toEqual({
      project: 'orders',
      builtAt: '2026-11-02T07:00:00.000Z',
      labels: { team: 'a' },
    });
  });

  it.each([
    [{ builtAt: '2026-11-02' }, 'builtAt', /RFC 3339/],
    [{ builtAt: '2026-13-45T99:00:00Z' }, 'builtAt', /RFC 3339/],
    [{ project: '   ' }, 'project', /must not be empty/],
    [{ commit: 'a\nb' }, 'commit', /control characters/],
    [{ branch: 'x'.repeat(513) }, 'branch', /longer than 512/],
    [{ labels: { 'bad key': 'v' } }, 'label', /not a label key/],
  ])('refuses %j naming %s', (input, field, reason) => {
    try {
      checkBuildInput(input);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(BuildInputError);
      expect((err as BuildInputError).field).toBe(field);
      expect((err as Error).message).toMatch(reason);
    }
  });

  it('parses labels as key=value or key:value; the later value of a key wins', () => {
    expect(parseLabels(['team=payments', 'env:prod', 'team=orders', 'url=https://x/y'])).toEqual({
      team: 'orders',
      env: 'prod',
      url: 'https://x/y',
    });
    expect(() => parseLabels(['=x'])).toThrow(/not key=value/);
  });
});
