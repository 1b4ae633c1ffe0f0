/**
 * Version 11: a reference (TW- and the id's first 8 hexadecimal digits) names
 * one record. enquiry_references holds the reference of every enquiry and held
 * record ever stored; its primary key is the rule, across both tables (a held
 * record released as an enquiry keeps its id, and so its row). A new record's
 * row is inserted in the record's own transaction, and a taken one makes the
 * store draw another id (../references.ts). Rows stay when records are
 * deleted: a reference once given is never given to another enquiry.
 * Deployments where two records already share a reference keep both; the
 * inbox opens each by its id.
 */
export const UNIQUE_REFERENCES_SQL = `
CREATE TABLE enquiry_references (
  prefix text PRIMARY KEY CHECK (prefix ~ '^[0-9a-f]{8}$')
);
INSERT INTO enquiry_references (prefix)
  SELECT left(id::text, 8) FROM enquiries UNION SELECT left(id::text, 8) FROM spam
  ON CONFLICT DO NOTHING;
`;
