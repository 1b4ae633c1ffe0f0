/**
 * Version 8: alerts of a third kind, the acknowledgement to the visitor. Its
 * once-a-day rule is kept by a lock, not a constraint (../acknowledgements.ts).
 */
export const ACKNOWLEDGEMENTS_SQL = `
ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check;
ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check CHECK (kind IN ('enquiry', 'reminder', 'acknowledgement'));
`;
