/** The sockets of this instance by merchant and topic key: what an event is delivered to. */
export class SubscriberIndex<P> {
  /** merchant code -> topic key -> subscribers. */
  private readonly byMerchant = new Map<string, Map<string, Set<P>>>();

  add(merchantCode: string, key: string, subscriber: P): void {
    let topics = this.byMerchant.get(merchantCode);
    if (!topics) {
      topics = new Map();
      this.byMerchant.set(merchantCode, topics);
    }
    let subscribers = topics.get(key);
    if (!subscribers) {
      subscribers = new Set();
      topics.set(key, subscribers);
    }
    subscribers.add(subscriber);
  }

  /** Removes one subscription; empty sets and maps go, so the index never keeps dead keys. */
  remove(merchantCode: string, key: string, subscriber: P): void {
    const topics = this.byMerchant.get(merchantCode);
    const subscribers = topics?.get(key);
    if (!topics || !subscribers) return;
    subscribers.delete(subscriber);
    if (subscribers.size === 0) topics.delete(key);
    if (topics.size === 0) this.byMerchant.delete(merchantCode);
  }

  /** A copy, so that delivery may drop a subscriber while it iterates. */
  subscribersOf(merchantCode: string, key: string): P[] {
    const subscribers = this.byMerchant.get(merchantCode)?.get(key);
    return subscribers ? [...subscribers] : [];
  }

  counts(merchantCode: string): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const [key, subscribers] of this.byMerchant.get(merchantCode) ?? []) {
      counts[key] = subscribers.size;
    }
    return counts;
  }
}
