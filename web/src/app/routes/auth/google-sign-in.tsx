import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useGoogleSignIn } from '@/features/auth/api/google-sign-in';
import { googleErrorHref, insidePath } from '@/features/auth/google';

/**
 * Where the server sends the browser after a Google sign-in: collects the token with the one-time
 * code in the address, then opens the page the sign-in started from. The code works once, so it is
 * sent once, even when React runs the effect twice.
 */
export default function GoogleSignInRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { mutateAsync } = useGoogleSignIn();
  const sent = useRef(false);
  const code = params.get('code');

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const collect = code ? mutateAsync(code).then((answer) => insidePath(answer.redirect)) : Promise.reject(new Error('no code'));
    void collect.then(
      (path) => navigate(path, { replace: true }),
      () => navigate(googleErrorHref('state'), { replace: true }),
    );
  }, [code, mutateAsync, navigate]);

  return (
    <div className="min-h-[50vh]">
      <PageTitle title="Signing in" />
      <Spinner label="Signing you in with Google" className="min-h-[50vh]" />
    </div>
  );
}
