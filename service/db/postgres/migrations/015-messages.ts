/**
 * Version 15: an enquiry's thread (#33).
 * - messages: the replies staff send, the visitor's answers read back from
 *   the firm's mailbox, and the hand-offs to WhatsApp, oldest first; they go
 *   with their enquiry (ON DELETE CASCADE), as its notes do. A reply's
 *   Message-ID is unique: it is what sends it once, and what an answer's
 *   In-Reply-To finds it by.
 * - Alerts gain the kind `reply`: the outbox sends a reply as any other alert,
 *   under its message's id.
 */
export const MESSAGES_SQL = `
CREATE TABLE messages (
  position bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  id uuid PRIMARY KEY,
  enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('reply', 'answer', 'whatsapp')),
  created_at timestamptz NOT NULL,
  user_id text,
  user_name text,
  message_id text,
  "from" text,
  other_address boolean,
  subject text,
  text text NOT NULL,
  quoted text,
  attachments jsonb,
  sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  check_code text
);
CREATE INDEX messages_enquiry ON messages (enquiry_id, created_at);
CREATE INDEX messages_message_id ON messages (message_id) WHERE message_id IS NOT NULL;
CREATE UNIQUE INDEX messages_one_reply ON messages (message_id) WHERE kind = 'reply';

ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check;
ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check CHECK (kind IN ('enquiry', 'reminder', 'acknowledgement', 'reply'));
`;
