import { useQuery } from '@tanstack/react-query';
import { getSessionQuickAnswerLink, getSphereQuickAnswerLink } from '@shared/contracts/feelings';
import { callApi } from '../../../lib/api';

/** The code of a sphere's or a group's quick-answer link, for its admins. */
export function useQuickAnswerCode(place: { sphereId: string } | { sessionId: string }) {
  return useQuery({
    queryKey: ['quick-answer-link', place],
    queryFn: ({ signal }) =>
      'sessionId' in place
        ? callApi(getSessionQuickAnswerLink, { params: { sessionId: place.sessionId }, signal })
        : callApi(getSphereQuickAnswerLink, { params: { sphereId: place.sphereId }, signal }),
  });
}
