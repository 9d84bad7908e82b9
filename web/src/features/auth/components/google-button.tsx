import { useConfig } from '@/lib/config';

/** Google sign-in, shown only when the shop has it configured (`googleSignIn` in /api/config). */
export function GoogleButton({ redirectTo }: { redirectTo: string }) {
  const config = useConfig();
  if (!config.data?.googleSignIn) return null;
  return (
    <>
      <div className="divider text-sm">or</div>
      <a className="btn btn-outline btn-block" href={`/api/auth/google/start?redirect=${encodeURIComponent(redirectTo)}`}>
        Continue with Google
      </a>
    </>
  );
}
