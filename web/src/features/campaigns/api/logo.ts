import { useMutation } from '@tanstack/react-query';
import { deleteCampaignLogo, requestCampaignLogoUpload, setCampaignLogo } from '@shared/contracts/campaigns';
import { callApi } from '../../../lib/api';
import { sendLogo } from '../../../lib/logo-file';
import { useCampaignSaved } from './campaigns';

/**
 * A new logo of the campaign's own: the server grants an upload for the file's type and size, the
 * file goes straight to the storage (with its progress), then the server checks it and makes it the
 * logo. The campaign's `updateDate` does not move: the settings form keeps its unsaved edits.
 */
export function useUploadCampaignLogo(campaignId: string) {
  const saved = useCampaignSaved();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      sendLogo(
        file,
        onProgress,
        (body) => callApi(requestCampaignLogoUpload, { params: { campaignId }, body }),
        (key) => callApi(setCampaignLogo, { params: { campaignId }, body: { key } }),
      ),
    // The logo field says what failed in its own words.
    meta: { errorsShownInline: true },
    onSuccess: saved,
  });
}

export function useRemoveCampaignLogo(campaignId: string) {
  const saved = useCampaignSaved();
  return useMutation({
    mutationFn: () => callApi(deleteCampaignLogo, { params: { campaignId } }),
    // The confirmation dialog shows the error.
    meta: { errorsShownInline: true },
    onSuccess: saved,
  });
}
