// The API token for this browser tab: typed once, kept in session storage, sent with every call.
import { useEffect, useState } from 'preact/hooks';
import { onTokenChange, readToken, writeToken } from '../api/token';

export function TokenField() {
  const [token, setToken] = useState(readToken());
  const [draft, setDraft] = useState('');
  useEffect(() => onTokenChange(() => setToken(readToken())), []);
  return (
    <details class="token-field">
      <summary>{token ? 'Token set' : 'Token'}</summary>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          writeToken(draft);
          setDraft('');
        }}
      >
        <label for="api-token">API token (kept in this tab only)</label>
        <input
          id="api-token"
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
    </details>
  );
}
