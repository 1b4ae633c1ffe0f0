/** The firm's mailbox settings ("Name <a@b>" or "a@b"), taken apart: for envelopes, Reply-To and Message-IDs. */

/** The bare address of a mailbox setting. */
export function addressOf(mailbox: string): string {
  return (/<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox).trim();
}

/** The domain of a mailbox setting's address, for the Message-IDs made there. */
export function domainOf(mailbox: string): string {
  const address = addressOf(mailbox);
  return address.slice(address.lastIndexOf('@') + 1).trim() || 'localhost';
}
