/**
 * How long enquiries are kept: the personal-data notice promises it to
 * visitors, and the service deletes older ones (its RETENTION_DAYS setting
 * defaults to this). An operator who sets another value must change this one
 * too, so that the notice says what the service does.
 */
export const DEFAULT_RETENTION_DAYS = 730;
