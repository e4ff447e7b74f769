/** A binary min-heap of (due time, key): the dispatcher's timer queue. */
export class DueHeap<Key> {
  private readonly items: { at: number; key: Key }[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): { at: number; key: Key } | undefined {
    return this.items[0];
  }

  push(at: number, key: Key): void {
    const items = this.items;
    items.push({ at, key });
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent]!.at <= items[i]!.at) break;
      [items[parent], items[i]] = [items[i]!, items[parent]!];
      i = parent;
    }
  }

  pop(): { at: number; key: Key } | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < items.length && items[left]!.at < items[smallest]!.at) smallest = left;
        if (right < items.length && items[right]!.at < items[smallest]!.at) smallest = right;
        if (smallest === i) break;
        [items[smallest], items[i]] = [items[i]!, items[smallest]!];
        i = smallest;
      }
    }
    return top;
  }

  clear(): void {
    this.items.length = 0;
  }
}
