import { useQuery } from '@tanstack/react-query';
import { createSphereFeelingReport, type SphereReportRequest } from '../../../../../shared/contracts/reports';
import { getSphere } from '../../../../../shared/contracts/spheres';
import { listSphereTags } from '../../../../../shared/contracts/tags';
import { callApi } from '../../../lib/api';

/** Every cached read of the reports starts with this key. */
const reportsKey = ['reports'] as const;

/** The sphere a report is about: its name and whether it is a study programme. */
export function useReportSphere(sphereId: string) {
  return useQuery({
    // The same key as the sphere's own page: one read serves both.
    queryKey: ['spheres', 'one', sphereId],
    queryFn: ({ signal }) => callApi(getSphere, { params: { id: sphereId }, signal }),
    retry: false,
  });
}

/** The sphere's active tags, the groups a report may be narrowed to. */
export function useReportTags(sphereId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...reportsKey, 'tags', sphereId],
    queryFn: ({ signal }) =>
      callApi(listSphereTags, { params: { id: sphereId }, query: { archived: 'false' }, signal }),
    enabled,
  });
}

/** The feelings report of a sphere, or one of its groups, over a period (spec 02 §2, §5). */
export function useSphereReport(request: SphereReportRequest, enabled: boolean) {
  return useQuery({
    queryKey: [...reportsKey, 'sphere', request],
    queryFn: ({ signal }) => callApi(createSphereFeelingReport, { body: request, signal }),
    enabled,
  });
}
