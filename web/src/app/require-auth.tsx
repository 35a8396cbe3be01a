import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { useIsSignedIn, type ReturnState } from '../lib/auth';
import { LOGIN_PATH } from '../lib/routes';

/** Protected pages: a signed-out visit goes to the sign-in page, which comes back here after. */
export function RequireAuth() {
  const location = useLocation();
  const signedIn = useIsSignedIn();
  if (signedIn.isPending) return <FullPageLoader />;
  if (!signedIn.data) {
    const state: ReturnState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={LOGIN_PATH} replace state={state} />;
  }
  return <Outlet />;
}
