export const EMPTY_CURSOR = { node: 0, document: 0, edge: 0, facts: {}, deletions: 0 };
/** A failure of the store itself, not of the caller's input (the API answers 502). Messages carry no secrets or SQL. */
export class StoreError extends Error {
}
export class TokenNameTakenError extends Error {
    tokenName;
    constructor(tokenName) {
        super(`a token named "${tokenName}" exists; revoke it first or choose another name`);
        this.tokenName = tokenName;
    }
}
