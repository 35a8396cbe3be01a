import { lazy } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './layout';
import { RequireAuth } from './require-auth';
import { HOME_PATH, LOGIN_PATH, NO_MATCH_PARAMETER } from '../lib/routes';
import { GUEST_PATH } from '../features/guests/guest-paths';

const SignInPage = lazy(() => import('../features/auth/sign-in-page'));
const HomePage = lazy(() => import('../features/home/home-page'));
const GuestPage = lazy(() => import('../features/guests/guest-page'));

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: LOGIN_PATH, element: <SignInPage /> },
      { path: GUEST_PATH, element: <GuestPage /> },
      {
        element: <RequireAuth />,
        children: [{ path: HOME_PATH, element: <HomePage /> }],
      },
      { path: '*', element: <Navigate to={`${HOME_PATH}?${NO_MATCH_PARAMETER}=1`} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
