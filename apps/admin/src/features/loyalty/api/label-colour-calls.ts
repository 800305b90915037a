import {
  type AdminMemberLabelColour,
  adminMemberLabelColoursCall,
  adminSaveMemberLabelColoursCall,
  type CallBody,
} from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../../lib/api-client';

export type LabelColours = AdminMemberLabelColour;
export type LabelColoursSave = CallBody<typeof adminSaveMemberLabelColoursCall>;

const LABEL_COLOURS_KEY = ['member-label-colours'] as const;

/** A merchant holds at most MEMBER_LABELS_PER_MERCHANT_MAX labels: the server answers one list. */
export const labelColourPages = {
  queryKey: LABEL_COLOURS_KEY,
  fetchPage: async (_cursor: string | undefined, signal: AbortSignal) => {
    const { list } = await callAdmin(adminMemberLabelColoursCall, { signal });
    return { items: list, nextCursor: null };
  },
};

export function useSaveLabelColours(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LabelColoursSave) => callAdmin(adminSaveMemberLabelColoursCall, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: LABEL_COLOURS_KEY });
      onDone();
    },
  });
}
