import { callApi } from '../../../lib/api-client';

/** PUT /wps/feedback: the member's message to the operator. */
export const sendFeedback = (content: string) => callApi('feedback', { body: { content } });
