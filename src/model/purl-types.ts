// Generated from the purl-spec type definitions (test/fixtures/purl-spec/types/, purl-spec commit
// 16f3d0e3) by test/model/purl-types.test.ts: do not edit, run it with UPDATE_PURL_TYPES=1.
// Per registered type: whether a namespace is required, optional or prohibited, which components
// are case-insensitive (lowercased in the canonical form), the characters a name or version may
// hold, and the qualifiers a purl of that type must carry. See docs/api.md, "Package URLs".
import { lookupTable } from './lookup-table.js';

export interface PurlTypeRule {
  namespace: 'required' | 'optional' | 'prohibited';
  lowercaseNamespace: boolean;
  lowercaseName: boolean;
  lowercaseVersion: boolean;
  lowercaseSubpath: boolean;
  requiredQualifiers: string[];
  /** ECMA-262 regular expression the decoded name must match. */
  namePattern?: string;
  /** ECMA-262 regular expression the decoded version must match. */
  versionPattern?: string;
}

// prettier-ignore
export const PURL_TYPES = lookupTable<PurlTypeRule>({
  "alpm": {"namespace":"required","lowercaseNamespace":true,"lowercaseName":true,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "apk": {"namespace":"required","lowercaseNamespace":true,"lowercaseName":true,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "bazel": {"namespace":"prohibited","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "bitbucket": {"namespace":"required","lowercaseNamespace":true,"lowercaseName":true,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "bitnami": {"namespace":"prohibited","lowercaseNamespace":false,"lowercaseName":true,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "brew": {"namespace":"optional","lowercaseNamespace":true,"lowercaseName":true,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "cargo": {"namespace":"prohibited","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "chrome-extension": {"namespace":"prohibited","lowercaseNamespace":false,"lowercaseName":true,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[],"namePattern":"^[a-p]{32}$","versionPattern":"^\\d+(\\.\\d+){0,3}$"},
  "cocoapods": {"namespace":"prohibited","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "composer": {"namespace":"required","lowercaseNamespace":true,"lowercaseName":true,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "conan": {"namespace":"optional","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "conda": {"namespace":"prohibited","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "cpan": {"namespace":"optional","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "cran": {"namespace":"prohibited","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "deb": {"namespace":"required","lowercaseNamespace":true,"lowercaseName":true,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "docker": {"namespace":"optional","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "gem": {"namespace":"prohibited","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "generic": {"namespace":"optional","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "git": {"namespace":"required","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "github": {"namespace":"required","lowercaseNamespace":true,"lowercaseName":true,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "golang": {"namespace":"required","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "hackage": {"namespace":"prohibited","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "hex": {"namespace":"optional","lowercaseNamespace":true,"lowercaseName":true,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "huggingface": {"namespace":"required","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":true,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "julia": {"namespace":"prohibited","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":["uuid"]},
  "luarocks": {"namespace":"optional","lowercaseNamespace":true,"lowercaseName":true,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "maven": {"namespace":"required","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "mlflow": {"namespace":"prohibited","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "npm": {"namespace":"optional","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "nuget": {"namespace":"prohibited","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "oci": {"namespace":"prohibited","lowercaseNamespace":false,"lowercaseName":true,"lowercaseVersion":true,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "opam": {"namespace":"prohibited","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "otp": {"namespace":"prohibited","lowercaseNamespace":false,"lowercaseName":true,"lowercaseVersion":false,"lowercaseSubpath":true,"requiredQualifiers":[]},
  "pub": {"namespace":"prohibited","lowercaseNamespace":false,"lowercaseName":true,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[],"namePattern":"^[a-z0-9_]"},
  "pypi": {"namespace":"prohibited","lowercaseNamespace":false,"lowercaseName":true,"lowercaseVersion":true,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "qpkg": {"namespace":"required","lowercaseNamespace":true,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "rpm": {"namespace":"required","lowercaseNamespace":true,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "swid": {"namespace":"optional","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":["tag_id"]},
  "swift": {"namespace":"required","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "vcpkg": {"namespace":"prohibited","lowercaseNamespace":false,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "vscode-extension": {"namespace":"required","lowercaseNamespace":true,"lowercaseName":true,"lowercaseVersion":true,"lowercaseSubpath":false,"requiredQualifiers":[]},
  "yocto": {"namespace":"optional","lowercaseNamespace":true,"lowercaseName":false,"lowercaseVersion":false,"lowercaseSubpath":false,"requiredQualifiers":[]},
});
