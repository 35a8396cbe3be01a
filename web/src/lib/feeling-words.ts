import { useQuery } from '@tanstack/react-query';
import { getFeelingWords } from '@shared/contracts/feelings';
import { callApi } from './api';

/** The emotion words: fixed content, fetched once per visit (under the feelings' cache key). */
export function useEmotionWords() {
  return useQuery({
    queryKey: ['feelings', 'words'],
    queryFn: ({ signal }) => callApi(getFeelingWords, { signal }),
    staleTime: Infinity,
  });
}
