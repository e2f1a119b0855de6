import { queryOptions } from '@tanstack/react-query';
import { preapprovedRequest, type PreapprovedSearch } from '@machines/transfers/preapproved.logic';
import { api, type MainSchemas } from '@/shared/api';

/** Preapproved (recurring) payments (001 s7: preapproved list with its filters; cancel (id)). */
export type PreapprovedPayment = MainSchemas['PreapprovedPayment'];

export const preapprovedKeys = {
  all: ['preapproved'] as const,
  list: (search: PreapprovedSearch) => [...preapprovedKeys.all, search] as const,
};

export const preapprovedListQuery = (search: PreapprovedSearch) =>
  queryOptions({
    queryKey: preapprovedKeys.list(search),
    queryFn: async ({ signal }): Promise<PreapprovedPayment[]> => (await api().main.call('preapprovedList', preapprovedRequest(search), { signal })).payments ?? [],
  });

export async function preapprovedCancel(id: number): Promise<void> {
  await api().main.call('preapprovedCancel', { id });
}
