import { queryOptions } from '@tanstack/react-query';
import type { AnnouncementView, Choice } from '@machines/accounts/announcement.machine';
import { api, type MainSchemas } from '@/shared/api';

/** Announcements (spec 001 s4, s7): the list, its unread count, and the calls the statechart makes. */
export type Announcement = MainSchemas['Announcement'];

export const announcementKeys = {
  all: ['announcements'] as const,
  list: (withConfirmation: boolean) => [...announcementKeys.all, withConfirmation ? 'choice' : 'all'] as const,
};

export const announcementsQuery = (withConfirmation = false) =>
  queryOptions({
    queryKey: announcementKeys.list(withConfirmation),
    queryFn: async ({ signal }) =>
      (await api().main.call('announcementList', withConfirmation ? { withConfirmation } : {}, { signal })).announcements ?? [],
  });

/** The unread count the header shows (from the full list). */
export const unreadCount = (list: readonly Pick<Announcement, 'isRead'>[]) => list.filter((a) => !a.isRead).length;

const toView = (a: Announcement | undefined): AnnouncementView => {
  if (!a) throw new Error('announcement missing from the reply');
  return { ...a, choice: a.choice ?? null };
};

/** announcementGet: opening an announcement marks it read. */
export async function openAnnouncement(id: number): Promise<AnnouncementView> {
  return toView((await api().main.call('announcementGet', { id })).announcement);
}

/** announcementConfirm: accept or decline. */
export async function answerAnnouncement(id: number, choice: Choice): Promise<AnnouncementView> {
  return toView((await api().main.call('announcementConfirm', { id, choice })).announcement);
}
