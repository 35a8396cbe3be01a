/**
 * The form runner, loaded lazily by the pages that run a form (my centre, campaigns, links, the
 * editor's preview): `lazy(() => import('../../components/form-runner'))`.
 */
export { FormRunner as default, FormRunner, type FormRunnerProps } from './form-runner';
