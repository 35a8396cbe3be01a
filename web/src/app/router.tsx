import { lazy } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './layout';
import { RequireAuth } from './require-auth';
import { PAGES } from './features';
import { HOME_PATH, NO_MATCH_PARAMETER } from '../lib/routes';
import { amplifyAuth } from '../lib/amplify-auth';
import { setSignedInStartPrefetch } from '../lib/prefetch';
import { loadAppStrings } from '../i18n';

// What signing in leads to: the auth library, the app's strings and the home page's code.
setSignedInStartPrefetch(() => {
  const ignore = (error: unknown) => console.warn('Prefetch failed; the page loads it again', error);
  amplifyAuth().catch(ignore);
  loadAppStrings().catch(ignore);
  PAGES.find((page) => page.path === HOME_PATH)
    ?.load()
    .catch(ignore);
});

/** Each page's module, loaded when first visited. */
const pageRoute = (page: (typeof PAGES)[number]): RouteObject => {
  const Page = lazy(page.load);
  return { path: page.path, element: <Page /> };
};

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      ...PAGES.filter((page) => page.access === 'public').map(pageRoute),
      {
        element: <RequireAuth />,
        children: PAGES.filter((page) => page.access === 'signed-in').map(pageRoute),
      },
      { path: '*', element: <Navigate to={`${HOME_PATH}?${NO_MATCH_PARAMETER}=1`} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
