// Package URL canonicalisation (SPEC §1). packageurl-js parses and percent-encodes;
// the per-type case rules are ours because the library still lowercases npm names,
// which the purl-spec type definitions made case-sensitive in 2026.
import { PackageURL, PurlComponent } from 'packageurl-js';
export class PurlError extends Error {
    input;
    constructor(input, reason) {
        super(`invalid purl "${truncate(input)}": ${reason}`);
        this.input = input;
    }
}
/** Types whose namespace and name compare case-insensitively (lowercased on input). */
const LOWERCASE_NAMESPACE_AND_NAME = new Set([
    'alpm',
    'apk',
    'bitbucket',
    'composer',
    'deb',
    'github',
    'gitlab',
    'hex',
    'otp',
    'pypi',
]);
const LOWERCASE_NAME_ONLY = new Set(['bitnami', 'luarocks', 'oci', 'pub']);
const LOWERCASE_NAMESPACE_ONLY = new Set(['rpm', 'qpkg']);
const LOWERCASE_VERSION = new Set(['huggingface', 'luarocks']);
function truncate(s) {
    return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}
function normaliseSubpath(subpath) {
    if (!subpath)
        return undefined;
    const segments = subpath.split('/').filter((s) => s !== '' && s !== '.' && s !== '..');
    return segments.length ? segments.join('/') : undefined;
}
function applyTypeRules(p) {
    const t = p.type;
    if (LOWERCASE_NAMESPACE_AND_NAME.has(t)) {
        if (p.namespace)
            p.namespace = p.namespace.toLowerCase();
        p.name = p.name.toLowerCase();
    }
    else if (LOWERCASE_NAME_ONLY.has(t)) {
        p.name = p.name.toLowerCase();
    }
    else if (LOWERCASE_NAMESPACE_ONLY.has(t)) {
        if (p.namespace)
            p.namespace = p.namespace.toLowerCase();
    }
    if (t === 'pypi')
        p.name = p.name.replace(/_/g, '-');
    if (t === 'pub')
        p.name = p.name.replace(/-/g, '_');
    if (LOWERCASE_VERSION.has(t) && p.version)
        p.version = p.version.toLowerCase();
}
/** Normalises already-decoded components into canonical parts. */
export function canonicalParts(input, raw = '') {
    const type = input.type.trim().toLowerCase();
    if (!/^[a-z.+-][a-z0-9.+-]*$/.test(type))
        throw new PurlError(raw, `type "${input.type}" is not a valid purl type`);
    const name = (input.name ?? '').trim();
    if (!name)
        throw new PurlError(raw, 'the name is empty');
    const namespace = input.namespace
        ? input.namespace
            .split('/')
            .filter((s) => s !== '')
            .join('/') || undefined
        : undefined;
    const qualifiers = {};
    const entries = input.qualifiers
        ? Symbol.iterator in Object(input.qualifiers)
            ? [...input.qualifiers]
            : Object.entries(input.qualifiers)
        : [];
    for (const [k, v] of entries) {
        if (v === undefined || v === null || v === '')
            continue;
        qualifiers[k.toLowerCase()] = v;
    }
    const parts = {
        type,
        namespace,
        name,
        version: input.version ? input.version : undefined,
        qualifiers,
        subpath: normaliseSubpath(input.subpath ?? undefined),
    };
    applyTypeRules(parts);
    if (type === 'oci')
        ociRepositoryAsQualifier(parts);
    return parts;
}
/**
 * GUAC's oci mapping: the repository_url qualifier is the package namespace (a namespace written in
 * the purl path is read the same way, repository_url winning), without a trailing "/<name>"; it is
 * rendered back as the repository_url qualifier, never as a path namespace. So the GUAC package
 * {oci, ghcr.io, debian} is pkg:oci/debian?repository_url=ghcr.io, as GUAC prints it.
 */
function ociRepositoryAsQualifier(p) {
    let repository = p.qualifiers[REPOSITORY_URL] ?? p.namespace;
    delete p.qualifiers[REPOSITORY_URL];
    p.namespace = undefined;
    const suffix = `/${p.name}`;
    if (repository && repository.toLowerCase().endsWith(suffix))
        repository = repository.slice(0, -suffix.length);
    if (repository)
        p.qualifiers[REPOSITORY_URL] = repository;
}
const REPOSITORY_URL = 'repository_url';
/** Parses any purl string into canonical parts; throws PurlError with the reason. */
export function parsePurl(input) {
    if (typeof input !== 'string' || (!input.startsWith('pkg:') && !/^pkg:/i.test(input))) {
        throw new PurlError(String(input), 'it must start with "pkg:"');
    }
    // Scheme is case-insensitive; "pkg://" is tolerated by the spec.
    const text = plusIsLiteral('pkg:' + input.slice(4).replace(/^\/+/, ''));
    let raw;
    try {
        raw = PackageURL.parseString(text);
    }
    catch (err) {
        throw new PurlError(input, err instanceof Error ? err.message.replace(/^Invalid purl: /, '') : 'unparseable');
    }
    const [type, namespace, name, version, qualifiers, subpath] = raw;
    if (!type)
        throw new PurlError(input, 'the type is missing');
    if (!name)
        throw new PurlError(input, 'the name is missing');
    return canonicalParts({ type, namespace, name, version, qualifiers: qualifiers ? [...qualifiers.entries()] : null, subpath }, input);
}
/**
 * In a purl "+" is a literal plus (purl-spec), but packageurl-js reads qualifiers with
 * URLSearchParams, which decodes "+" as a space. Every component after the "?" is percent-decoded,
 * so writing "+" as "%2B" there keeps it a plus.
 */
function plusIsLiteral(text) {
    const question = text.indexOf('?');
    return question < 0 ? text : text.slice(0, question) + text.slice(question).replace(/\+/g, '%2B');
}
/** Renders canonical parts as the canonical purl string. */
export function formatPurl(p) {
    let s = `pkg:${p.type}/`;
    if (p.namespace)
        s += `${PurlComponent.namespace.encode(p.namespace)}/`;
    s += PurlComponent.name.encode(p.name);
    if (p.version)
        s += `@${PurlComponent.version.encode(p.version)}`;
    const keys = Object.keys(p.qualifiers).sort();
    if (keys.length) {
        s += '?' + keys.map((k) => `${k}=${PurlComponent.qualifierValue.encode(p.qualifiers[k])}`).join('&');
    }
    if (p.subpath)
        s += `#${PurlComponent.subpath.encode(p.subpath)}`;
    return s;
}
export function canonicalPurl(input) {
    return formatPurl(parsePurl(input));
}
/** A package *name*: the purl without version, qualifiers and subpath (SPEC §1). */
export function packageNameOf(p) {
    // An oci package's namespace is its repository_url (GUAC's mapping, see canonicalParts).
    const repository = p.type === 'oci' ? p.qualifiers[REPOSITORY_URL] : undefined;
    const qualifiers = repository ? { [REPOSITORY_URL]: repository } : {};
    return formatPurl({ type: p.type, namespace: p.namespace, name: p.name, qualifiers });
}
