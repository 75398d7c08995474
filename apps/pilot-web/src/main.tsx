import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { type ApiError, whenSignedOut } from './api/client';
import { forgetToken, readToken, takeTokenFromFragment } from './api/session';
import { AccessHistoryScreen } from './screens/access-history';
import { ExperienceScreen } from './screens/experience';
import { ImportScreen } from './screens/import';
import { LogbookScreen } from './screens/logbook';
import { PartnersScreen } from './screens/partners';
import { SignInScreen } from './screens/sign-in';
import { StartingTotalsScreen } from './screens/starting-totals';
import { TotalsScreen } from './screens/totals';
import { YourDataScreen } from './screens/your-data';

const SCREENS = [
  ['logbook', 'Logbook'],
  ['import', 'Import'],
  ['totals', 'Totals'],
  ['experience', 'Experience'],
  ['starting-totals', 'Starting totals'],
  ['partners', 'Partners'],
  ['access-history', 'Access history'],
  ['your-data', 'Your data'],
] as const;
type Screen = (typeof SCREENS)[number][0];

const screenOf = (hash: string): Screen => SCREENS.find(([key]) => hash === `#/${key}`)?.[0] ?? 'logbook';

function App() {
  const [signedIn, setSignedIn] = useState(() => takeTokenFromFragment() || readToken() !== null);
  const [message, setMessage] = useState('');
  /** Why the API signed the pilot out (its token no longer accepted), with its code and request id. */
  const [signedOut, setSignedOut] = useState<ApiError | null>(null);
  const [screen, setScreen] = useState<Screen>(() => screenOf(window.location.hash));

  useEffect(() => {
    whenSignedOut((why) => {
      setSignedOut(why);
      setSignedIn(false);
    });
    const onHash = () => setScreen(screenOf(window.location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  useEffect(() => {
    const title = SCREENS.find(([key]) => key === screen)?.[1];
    document.title = signedIn ? `${title} · Pilot Flight Totals` : 'Sign in · Pilot Flight Totals';
  }, [screen, signedIn]);

  const signOut = (why = '') => {
    forgetToken();
    setMessage(why);
    setSignedOut(null);
    setSignedIn(false);
  };
  if (!signedIn) {
    return (
      <SignInScreen
        message={message}
        signedOut={signedOut}
        onSignedIn={() => {
          setMessage('');
          setSignedOut(null);
          setSignedIn(true);
          window.location.hash = '#/logbook';
        }}
      />
    );
  }
  return (
    <>
      <a
        class="skip"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <header class="top">
        <p class="brand">Pilot Flight Totals</p>
        <nav aria-label="Screens">
          <ul>
            {SCREENS.map(([key, label]) => (
              <li key={key}>
                <a href={`#/${key}`} aria-current={screen === key ? 'page' : undefined}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <button class="sign-out" onClick={() => signOut()}>
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        {screen === 'logbook' && <LogbookScreen />}
        {screen === 'import' && <ImportScreen />}
        {screen === 'totals' && <TotalsScreen />}
        {screen === 'experience' && <ExperienceScreen />}
        {screen === 'starting-totals' && <StartingTotalsScreen />}
        {screen === 'partners' && <PartnersScreen />}
        {screen === 'access-history' && <AccessHistoryScreen />}
        {screen === 'your-data' && <YourDataScreen onErased={signOut} />}
      </main>
    </>
  );
}

render(<App />, document.getElementById('root')!);
