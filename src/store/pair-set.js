// A set of (a, b) pairs of non-negative 32-bit integers: open addressing over typed arrays, so
// millions of dependency edges cost a few bytes each instead of a JS object apiece.
const EMPTY = 0xffffffff;
export class PairSet {
    first;
    second;
    mask;
    size = 0;
    constructor(capacity = 1024) {
        let n = 16;
        while (n < capacity * 2)
            n *= 2;
        this.first = new Uint32Array(n).fill(EMPTY);
        this.second = new Uint32Array(n);
        this.mask = n - 1;
    }
    slot(a, b) {
        let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca6b);
        h ^= h >>> 15;
        let i = h & this.mask;
        while (this.first[i] !== EMPTY && (this.first[i] !== a || this.second[i] !== b))
            i = (i + 1) & this.mask;
        return i;
    }
    has(a, b) {
        return this.first[this.slot(a, b)] !== EMPTY;
    }
    /** Adds the pair; returns false when it was already there. */
    add(a, b) {
        const i = this.slot(a, b);
        if (this.first[i] !== EMPTY)
            return false;
        this.first[i] = a;
        this.second[i] = b;
        if (++this.size * 2 > this.first.length)
            this.grow();
        return true;
    }
    grow() {
        const oldFirst = this.first;
        const oldSecond = this.second;
        this.first = new Uint32Array(oldFirst.length * 2).fill(EMPTY);
        this.second = new Uint32Array(oldFirst.length * 2);
        this.mask = this.first.length - 1;
        for (let i = 0; i < oldFirst.length; i++) {
            if (oldFirst[i] === EMPTY)
                continue;
            const j = this.slot(oldFirst[i], oldSecond[i]);
            this.first[j] = oldFirst[i];
            this.second[j] = oldSecond[i];
        }
    }
}
