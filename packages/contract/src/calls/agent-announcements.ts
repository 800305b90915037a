import { defineCall } from '../call.js';
import { cursorPageOf, cursorPageQuery } from '../cursor-paging.js';
import { routes } from '../routes.js';
import { announcementSchema } from './content.js';

/**
 * The agent centre's announcement page (SPEC §2, issue 18): the merchant's agents-only
 * announcements, newest first, paged by key. The player site's announcement calls never
 * serve these; this call answers agents only (NOT_AGENT for anyone else).
 */
export const agentAnnouncementsCall = defineCall({
  ...routes.agentAnnouncements,
  summary: "The merchant's agents-only announcements in the request language, newest first",
  tags: ['agent'],
  query: cursorPageQuery,
  value: cursorPageOf(announcementSchema),
});
