import { useEffect, useState } from 'preact/hooks';
import { type ApiError } from '../api/client';
import { keepToken } from '../api/session';
import { makeTestPilot, TEST_PILOT_PATH } from '../api/test-pilot';
import { ErrorBanner } from '../components/error-banner';
import { Field } from '../components/field';

interface Props {
  /** A word from the app, such as that the account is being erased. */
  message: string;
  /** Why the API signed the pilot out, shown until the pilot's next attempt to sign in fails. */
  signedOut: ApiError | null;
  onSignedIn: () => void;
}

export function SignInScreen({ message, signedOut, onSignedIn }: Props) {
  const [offersTestPilot, setOffersTestPilot] = useState(false);
  const [token, setToken] = useState('');
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    fetch(TEST_PILOT_PATH).then(
      (res) => setOffersTestPilot(res.status === 204),
      () => setOffersTestPilot(false),
    );
  }, []);

  const signInAsTestPilot = async () => {
    setError(null);
    try {
      keepToken(await makeTestPilot());
    } catch (err) {
      setError(err);
      return;
    }
    onSignedIn();
  };
  const signIn = (e: Event) => {
    e.preventDefault();
    if (!/^[A-Za-z0-9_\-.]+$/.test(token.trim())) {
      setError(new Error('That is not a pilot token.'));
      return;
    }
    keepToken(token.trim());
    onSignedIn();
  };

  return (
    <main class="sign-in" id="main">
      <h1>Pilot Flight Totals</h1>
      {message && (
        <div class="banner banner-warn" role="alert">
          {message}
        </div>
      )}
      <ErrorBanner error={error ?? signedOut} />
      <div class="card">
        <h2>Sign in</h2>
        <p>Your pilot app's sign-in brings you here with your token. You can also paste a token.</p>
        <form onSubmit={signIn} noValidate>
          <Field id="token" label="Pilot token" value={token} onInput={setToken} />
          <button type="submit" class="primary">
            Sign in
          </button>
        </form>
      </div>
      {offersTestPilot && (
        <div class="card">
          <h2>Development</h2>
          <p>This service is not in production: you can try the app with a new, empty pilot account.</p>
          <button onClick={() => void signInAsTestPilot()}>Sign in as a test pilot</button>
        </div>
      )}
    </main>
  );
}
