/**
 * The file store's index of enquiries or held records by id and by reference,
 * so that get() and find() by reference stay one lookup at CAPACITY records
 * rather than a pass over all of them.
 */
import { referencedIdPrefix } from '../../contract/reference';
import { referencePrefix } from '../store-rules';

type Indexed = { id: string; createdAt: string };

/** Oldest first, as the collections keep them: by time, then by id. */
const oldestFirst = (a: Indexed, b: Indexed) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1);

export class RecordIndex<Record extends Indexed> {
  readonly #byId = new Map<string, Record>();
  /**
   * Ids by reference: an array only where several share one, in data stored
   * before references were kept unique. Made at the first lookup by
   * reference, not at start: a restart stays as fast.
   */
  #byReference: Map<string, string | string[]> | null = null;

  get(id: string): Record | undefined {
    return this.#byId.get(id);
  }

  set(record: Record): void {
    this.#byId.set(record.id, record);
    if (this.#byReference !== null) this.#addReference(record.id);
  }

  #addReference(id: string): void {
    const prefix = referencePrefix(id);
    const ids = this.#idsOf(prefix);
    if (!ids.includes(id)) this.#byReference!.set(prefix, ids.length === 0 ? id : [...ids, id]);
  }

  delete(id: string): void {
    if (!this.#byId.delete(id) || this.#byReference === null) return;
    const prefix = referencePrefix(id);
    const ids = this.#idsOf(prefix).filter((other) => other !== id);
    if (ids.length === 0) this.#byReference.delete(prefix);
    else this.#byReference.set(prefix, ids.length === 1 ? ids[0]! : ids);
  }

  /** The records with this reference (TW-XXXXXXXX, any case), oldest first; none for text that is not one. */
  withReference(reference: string): Record[] {
    const prefix = referencedIdPrefix(reference);
    if (this.#byReference === null) {
      this.#byReference = new Map();
      for (const id of this.#byId.keys()) this.#addReference(id);
    }
    const ids = prefix === null ? [] : this.#idsOf(prefix);
    return ids.map((id) => this.#byId.get(id)!).sort(oldestFirst);
  }

  #idsOf(prefix: string): string[] {
    const ids = this.#byReference?.get(prefix);
    return ids === undefined ? [] : typeof ids === 'string' ? [ids] : ids;
  }

  rebuild(records: readonly Record[]): void {
    this.#byId.clear();
    this.#byReference = null;
    for (const record of records) this.set(record);
  }
}
