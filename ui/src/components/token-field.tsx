// The API token for this browser tab: typed once, kept in session storage, sent with every call.
// One form, shown in the header (behind a disclosure) and wherever a page needs a token.
import { useEffect, useState } from 'preact/hooks';
import { onTokenChange, readToken, writeToken } from '../api/token';

export function TokenForm({ id, label, className }: { id: string; label: string; className?: string }) {
  const [token, setToken] = useState(readToken());
  const [draft, setDraft] = useState('');
  useEffect(() => onTokenChange(() => setToken(readToken())), []);
  return (
    <form
      class={className}
      onSubmit={(event) => {
        event.preventDefault();
        writeToken(draft);
        setDraft('');
      }}
    >
      <label for={id}>{label}</label>
      <input
        id={id}
        name="token"
        type="password"
        autoComplete="off"
        value={draft}
        onInput={(event) => setDraft(event.currentTarget.value)}
      />
      <button type="submit">Use token</button>
      {token ? (
        <button type="button" onClick={() => writeToken(null)}>
          Forget token
        </button>
      ) : null}
    </form>
  );
}

export function TokenField() {
  const [token, setToken] = useState(readToken());
  useEffect(() => onTokenChange(() => setToken(readToken())), []);
  return (
    <details class="token-field">
      <summary>{token ? 'Token set' : 'Token'}</summary>
      <TokenForm id="api-token" label="API token (kept in this tab only)" />
    </details>
  );
}
