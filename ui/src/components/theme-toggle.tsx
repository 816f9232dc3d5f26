// Light or dark: the system's choice until the user picks one (kept in local storage).
import { useEffect, useState } from 'preact/hooks';

type Theme = 'light' | 'dark';
const KEY = 'supplygraph.theme';

function initialTheme(): Theme {
  const stored = localStorage.getItem(KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(initialTheme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      class="theme-toggle"
      aria-label={`Switch to ${next} theme`}
      onClick={() => {
        localStorage.setItem(KEY, next);
        setTheme(next);
      }}
    >
      {theme === 'dark' ? 'Light' : 'Dark'}
    </button>
  );
}
