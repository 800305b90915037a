/** Feedback's length in characters (SPEC §5 "support question content between two counts"). */
export const FEEDBACK_MIN_LENGTH = 10;
export const FEEDBACK_MAX_LENGTH = 1000;
