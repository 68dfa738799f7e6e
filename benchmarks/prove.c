/* The exhaustive proof search of freecell_tui/core/solver/proof.py, compiled: the same steps
 * (moves.steps_from), the same autoplay (moves.is_safe), the same canonical keys (keys.py) and
 * the same layers (cards home less breaks), so a proof reaches exactly the positions prove()
 * reaches (tests/solver/test_compiled_proof.py compares the counts). It exists for the proofs
 * PyPy needs a day for (fewest_cells.py prove --compiled).
 *
 *   prove ROOT_KEY_HEX CELLS TABLE_GIB FOLDER CPU_SECONDS [highest | frontier] [narrow] [grow]
 *
 * highest: the highest layer first, every layer kept (a win sooner); frontier: the layers in
 * order, each held three depths at a time (less memory, the same positions; the layers waiting
 * leave a table too small for them: spill()); narrow: 6-byte slots, for a search of a win; grow:
 * a table too small grows into the memory free; keep: files and a checkpoint kept in FOLDER, to
 * go on from (benchmarks/compiled_proof.py says more).
 *
 * ROOT_KEY_HEX is the canonical key of the start after autoplay (moves.root). Each layer's keys
 * are in a file of FOLDER (LZ4 blocks, read back as the layer is searched: a layer is its own
 * queue). Met keys are in one table of TABLE_GIB: 64-bit slots, the slot from one hash of the
 * key and the slot's word from another (56 bits) and the key's layer (8 bits); a slot of a
 * searched layer is free for a new key but does not end a probe. When the table is full it is
 * emptied and refilled from the files of the layers left; full after that, the search gives up.
 * Prints one JSON line: status (unwinnable, winnable, gave-up), positions, peak, expanded,
 * refills, spills, grows, the table's GiB, order, slot bytes, runs, seconds, cpu. Progress goes
 * to stderr once a CPU minute, and each depth of a million positions or more (frontier).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <lz4.h>

#define REPORT_EVERY 60.0
enum { COPY = 24, KEY_ROOM = 96, COL_FLAG = 0x80, CELL_FLAG = 0x40, LEVELS = 128, LEVEL_BIAS = 64, BLOCK = 1 << 20 };

typedef struct {
    uint8_t col[8][48]; /* plain cards 0-51, deepest first, in canonical order; a column holds
                        * 19 at most: copies take COPY bytes, past its end */
    uint8_t len[8];
    uint8_t cell[4]; /* plain cards, sorted */
    int ncells;
    int found[4];
} Pos;

static int RANKOF(int card) { return (card >> 2) + 1; }
static int REDOF(int card) { return (card & 3) == 1 || (card & 3) == 2; }
/* whether ``card`` may lie on ``below`` in a column */
static int fits(int below, int card) {
    return RANKOF(card) + 1 == RANKOF(below) && REDOF(card) != REDOF(below);
}

static int is_safe(int rank, int red, const int *found) {
    if (rank <= 2) return 1;
    if (red) return found[0] >= rank - 1 && found[3] >= rank - 1;
    return found[1] >= rank - 1 && found[2] >= rank - 1;
}

/* ------------------------------------------------------------------ keys */
static int decode(const uint8_t *key, int n, Pos *p) {
    int cols = 0, present[4] = {0, 0, 0, 0};
    p->ncells = 0;
    for (int i = 0; i < n; i++) {
        if (key[i] >= COL_FLAG) cols++;
        present[key[i] & 3]++;
    }
    int empties = 8 - cols, c = empties - 1;
    for (int e = 0; e < empties; e++) p->len[e] = 0;
    for (int i = 0; i < n; i++) {
        int b = key[i];
        if (b >= COL_FLAG) {
            c++;
            p->len[c] = 1;
            p->col[c][0] = b & 0x3F;
        } else if (b >= CELL_FLAG) {
            p->cell[p->ncells++] = b & 0x3F;
        } else {
            p->col[c][p->len[c]++] = b;
        }
    }
    for (int s = 0; s < 4; s++) p->found[s] = 13 - present[s];
    return empties;
}

/* the canonical key of ``p`` (columns sorted by their deepest card, empty ones first; cells
 * sorted); returns its length */
static int encode(const Pos *p, uint8_t *key) {
    int order[8], k = 0;
    for (int c = 0; c < 8; c++) {
        int j = k++;
        int first = p->len[c] ? p->col[c][0] : -1;
        while (j > 0) {
            int o = order[j - 1];
            int of = p->len[o] ? p->col[o][0] : -1;
            if (of <= first) break;
            order[j] = o;
            j--;
        }
        order[j] = c;
    }
    int n = 0;
    for (int i = 0; i < 8; i++) {
        const Pos *q = p;
        int c = order[i];
        if (!q->len[c]) continue;
        key[n++] = q->col[c][0] | COL_FLAG;
        memcpy(key + n, q->col[c] + 1, COPY); /* the bytes past the column's are overwritten */
        n += q->len[c] - 1;
    }
    uint8_t cells[4];
    memcpy(cells, p->cell, 4);
    for (int i = 1; i < p->ncells; i++) {
        uint8_t v = cells[i];
        int j = i;
        while (j > 0 && cells[j - 1] > v) {
            cells[j] = cells[j - 1];
            j--;
        }
        cells[j] = v;
    }
    for (int i = 0; i < p->ncells; i++) key[n++] = cells[i] | CELL_FLAG;
    return n;
}

static int level_of(const Pos *p) {
    int home = p->found[0] + p->found[1] + p->found[2] + p->found[3];
    int breaks = 0;
    for (int c = 0; c < 8; c++)
        for (int i = 1; i < p->len[c]; i++)
            if (!fits(p->col[c][i - 1], p->col[c][i])) breaks++;
    return home - breaks;
}

static void autoplay(Pos *p) {
    for (;;) {
        int moved = 0;
        for (int s = 0; s < 4; s++) {
            int r = p->found[s];
            if (r >= 13) continue;
            int card = r * 4 + s;
            if (!is_safe(r + 1, REDOF(card), p->found)) continue;
            for (int i = 0; i < p->ncells; i++)
                if (p->cell[i] == card) {
                    p->cell[i] = p->cell[--p->ncells];
                    p->found[s]++;
                    moved = 1;
                    goto next;
                }
            for (int c = 0; c < 8; c++)
                if (p->len[c] && p->col[c][p->len[c] - 1] == card) {
                    p->len[c]--;
                    p->found[s]++;
                    moved = 1;
                    goto next;
                }
        next:;
        }
        if (!moved) return;
    }
}

/* ------------------------------------------------------------------ hashes */
static inline uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

static void hash2(const uint8_t *key, int n, uint64_t *h1, uint64_t *h2) {
    uint64_t a = 0x9E3779B97F4A7C15ULL ^ (uint64_t)n, b = 0xC2B2AE3D27D4EB4FULL + (uint64_t)n;
    int i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, key + i, 8);
        a = (a ^ w) * 0x100000001B3ULL;
        a ^= a >> 29;
        b = (b ^ (w * 0x9FB21C651E98DF25ULL)) * 0xD6E8FEB86659FD93ULL;
        b ^= b >> 31;
    }
    uint64_t w;
    memcpy(&w, key + i, 8); /* a key's buffer has room past its end */
    w &= n - i ? ~0ULL >> (64 - 8 * (n - i)) : 0;
    a = (a ^ w) * 0x100000001B3ULL;
    b = (b ^ (w * 0x9FB21C651E98DF25ULL)) * 0xD6E8FEB86659FD93ULL;
    *h1 = mix(a);
    *h2 = mix(b ^ (a >> 7));
}

/* ------------------------------------------------------------------ the table */
static uint8_t *table;
static uint64_t slots, limit, occupied;
/* A code (a slot's top 8 bits): 0-127 a layer (its level + LEVEL_BIAS), 128-254 a depth of the
 * layer searched breadth first by ``frontier`` (depth_code). stale[code]: the slot is free for a
 * new key (a layer searched, a depth behind the frontier); same[code]: a key of the layer being
 * searched, met before wherever in the frontier it is. */
static uint8_t stale[256], same[256];
/* frontier: each layer held three depths at a time (below) */
static int frontier;
/* A slot's bytes: 8 (the key's layer and 56 bits of its second hash) or 6 (the layer and 40
 * bits: half as likely again to take a new key for one met, for a search that looks for a win,
 * where a key taken for another may lose a line but never makes one) */
static int slot_bytes = 8, fp_bits = 56;

static inline uint64_t slot_get(uint64_t i) {
    uint64_t w;
    memcpy(&w, table + i * slot_bytes, 8); /* the table has room past its last slot */
    return slot_bytes == 8 ? w : w & 0xFFFFFFFFFFFFULL;
}

static inline void slot_set(uint64_t i, uint64_t w) {
    if (slot_bytes == 8)
        memcpy(table + i * 8, &w, 8);
    else
        memcpy(table + i * 6, &w, 6);
}

static uint64_t slot_of(uint64_t h1) { return (uint64_t)(((__uint128_t)h1 * slots) >> 64); }

/* Every layer below ``code``'s is stale (the order of the layers, lowest first). */
static void stale_below(int code) {
    for (int c = 0; c < 256; c++) stale[c] = c < code;
    memset(same, 0, sizeof same);
}

/* 1 when the key is new (and now held, as ``code``), 0 when met before (as ``code``, or as any
 * code of the layer searched when ``in_layer``), -1 when the table is full */
static int add_hashed(uint64_t h1, uint64_t h2, int code, int in_layer) {
    uint64_t mask = (1ULL << fp_bits) - 1, fp = h2 & mask;
    if (!fp) fp = 1;
    uint64_t word = ((uint64_t)code << fp_bits) | fp;
    uint64_t i = slot_of(h1), free_at = UINT64_MAX;
    for (;;) {
        uint64_t t = slot_get(i);
        if (!t) break;
        if (t == word || (in_layer && (t & mask) == fp && same[t >> fp_bits])) return 0;
        if (free_at == UINT64_MAX && stale[t >> fp_bits]) free_at = i;
        if (++i == slots) i = 0;
    }
    if (free_at != UINT64_MAX) {
        slot_set(free_at, word);
        return 1;
    }
    if (occupied >= limit) return -1;
    slot_set(i, word);
    occupied++;
    return 1;
}

/* ------------------------------------------------------------------ layers on disk */
typedef struct {
    int fd, open;
    uint64_t count;       /* keys added */
    off_t end;            /* bytes written */
    off_t roff;           /* next block to read */
    uint8_t *wbuf;        /* keys added, not yet written: (length, bytes)... */
    size_t wlen;
    uint8_t *rbuf;        /* the block being read */
    size_t rlen, rpos;
    char *path;           /* with ``keep``: the file's name, deleted once no checkpoint needs it */
    int spilled;          /* frontier: its keys left the table (spill()); the file may hold a key
                           * more than once, and is made one each as its search begins */
    uint64_t in_table;    /* its keys in the table: those added since the table was last filled */
} Layer;

static Layer layers[LEVELS];
static const char *folder;
static uint8_t *zbuf;
static int zcap;

static void die(const char *what) {
    fprintf(stderr, "prove: %s: %s\n", what, strerror(errno));
    exit(2);
}

/* ``keep``: the files stay in FOLDER, with a checkpoint to go on from (below) */
static int keep;

/* The file of ``level``'s layer (``number`` 0) or of a depth of it, as a string of its own */
static char *file_path(int level, uint64_t number) {
    char path[4096];
    if (number)
        snprintf(path, sizeof path, "%s/layer%d.depth%llu.z", folder, level,
                 (unsigned long long)number);
    else
        snprintf(path, sizeof path, "%s/layer%d.z", folder, level);
    char *copy = strdup(path);
    if (!copy) die("strdup");
    return copy;
}

/* ``l`` on the file ``path`` (taken), emptied when ``fresh``; without ``keep`` it is gone when
 * the process ends */
static void open_file(Layer *l, char *path, int fresh) {
    l->fd = open(path, O_RDWR | O_CREAT | (fresh ? O_TRUNC : 0), 0600);
    if (l->fd < 0) die(path);
    if (keep) {
        l->path = path;
    } else {
        unlink(path);
        free(path);
    }
    l->wbuf = malloc(BLOCK + 64);
    l->rbuf = malloc(BLOCK + 64);
    if (!l->wbuf || !l->rbuf) die("malloc");
    l->open = 1;
}

static Layer *layer_at(int level) {
    Layer *l = &layers[level + LEVEL_BIAS];
    if (!l->open) open_file(l, file_path(level, 0), 1);
    return l;
}

static void flush_layer(Layer *l) {
    if (!l->wlen) return;
    int clen = LZ4_compress_default((const char *)l->wbuf, (char *)zbuf + 8, (int)l->wlen, zcap);
    if (clen <= 0) die("compress");
    uint32_t head[2] = {(uint32_t)clen, (uint32_t)l->wlen};
    memcpy(zbuf, head, 8);
    if (pwrite(l->fd, zbuf, clen + 8, l->end) != (ssize_t)(clen + 8)) die("write");
    l->end += clen + 8;
    l->wlen = 0;
}

static void put_key(Layer *l, const uint8_t *key, int n) {
    if (l->wlen + n + 1 > BLOCK) flush_layer(l);
    l->wbuf[l->wlen++] = (uint8_t)n;
    memcpy(l->wbuf + l->wlen, key, n);
    l->wlen += n;
    l->count++;
    l->in_table++; /* every key queued was added to the table */
}

static int read_block(Layer *l, off_t at, uint8_t *into, size_t *len) {
    uint32_t head[2];
    if (pread(l->fd, head, 8, at) != 8) die("read");
    if (pread(l->fd, zbuf, head[0], at + 8) != (ssize_t)head[0]) die("read");
    int raw = LZ4_decompress_safe((const char *)zbuf, (char *)into, (int)head[0], BLOCK + 64);
    if (raw < 0 || (uint32_t)raw != head[1]) die("uncompress");
    *len = raw;
    return (int)(head[0] + 8);
}

/* the next key of the layer being searched (the layer grows meanwhile); 0 at its end */
static int next_key(Layer *l, const uint8_t **key) {
    if (l->rpos >= l->rlen) {
        if (l->roff >= l->end) flush_layer(l);
        if (l->roff >= l->end) return 0;
        l->roff += read_block(l, l->roff, l->rbuf, &l->rlen);
        l->rpos = 0;
    }
    int n = l->rbuf[l->rpos];
    *key = l->rbuf + l->rpos + 1;
    l->rpos += n + 1;
    return n;
}

/* The bytes of memory the system says are available (0 when it cannot be read). */
static uint64_t mem_available(void) {
    FILE *f = fopen("/proc/meminfo", "r");
    char line[256];
    unsigned long long kb = 0;
    if (!f) return 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1) break;
    fclose(f);
    return (uint64_t)kb * 1024;
}

/* With ``grow``, a table the layers left do not fit in is made larger (twice, or what the
 * system has available less ``reserve``: 4 GiB, or the environment's PROVE_RESERVE_GIB) and
 * refilled, instead of giving up. */
static int grow_allowed, grows;
static uint64_t reserve = 4ULL << 30;

static void map_table(uint64_t count) {
    slots = count < 1024 ? 1024 : count;
    limit = slots - slots / 8; /* seven eighths full at most */
    table = mmap(NULL, slots * slot_bytes + 8, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (table == MAP_FAILED) die("mmap");
    madvise(table, slots * slot_bytes + 8, MADV_HUGEPAGE);
}

static int grow_table(void) {
    if (!grow_allowed) return 0;
    uint64_t now = slots * slot_bytes, free_bytes = mem_available() + now;
    if (free_bytes <= reserve) return 0;
    uint64_t want = 2 * now;
    if (want > free_bytes - reserve) want = free_bytes - reserve;
    if (want < now + now / 4) return 0; /* not worth a refill */
    munmap(table, now + 8);
    map_table(want / slot_bytes);
    grows++;
    fprintf(stderr, "table grown to %llu slots\n", (unsigned long long)slots);
    return 1;
}

/* whether the layer has keys not searched yet */
static int unread(const Layer *l) {
    return l->open && (l->rpos < l->rlen || l->roff < l->end || l->wlen > 0);
}

/* ``frontier``: the layer searched is searched breadth first, depth by depth, and only three
 * depths of it are held: the one searched, the one before it and the one it leads to. With every
 * part of a run to an empty column among the steps (steps_from moves one card or the most; the
 * parts between reach no position single cards do not), a step within a layer is undone by a
 * step (tests/solver/test_compiled_proof.py checks it), so a position met at depth d + 1 is at
 * depth d, d + 1 or d + 2: the depths further back are never met again. Were one met again, it
 * would be searched again: the search stays complete either way. Each depth is a file; its code
 * (depth_code) makes its slots stale once it is two depths behind. */
typedef struct {
    Layer *file;    /* NULL: none */
    int code;
    uint64_t number; /* 0: the layer's own file (its first depth), coded as the layer */
} Depth;

static Depth before, searched, after; /* depths d - 1, d, d + 1 of the layer searched */
static uint64_t next_number = 1, lowest_number = UINT64_MAX;

/* Codes for depths: 127, fewer (3 at least) in the environment's PROVE_DEPTH_CODES (a test's
 * refills) */
static uint64_t depth_codes = 127;
static int depth_code(uint64_t number) { return 128 + (int)(number % depth_codes); }

/* The codes while ``layer_code``'s layer is searched by depths: the layers below and every depth
 * not held are stale; the depths held are the layer's. */
static void frontier_codes(int layer_code) {
    for (int c = 0; c < 256; c++) {
        stale[c] = c <= layer_code || c >= 128;
        same[c] = 0;
    }
    const Depth *held_now[3] = {&before, &searched, &after};
    for (int i = 0; i < 3; i++)
        if (held_now[i]->file) {
            stale[held_now[i]->code] = 0;
            same[held_now[i]->code] = 1;
        }
}

/* Put back the keys of ``l`` as ``code``; 0 when they fill the table */
static int refill_file(Layer *l, int code, uint8_t *buf) {
    flush_layer(l);
    uint64_t keys = 0;
    for (off_t at = 0; at < l->end;) {
        size_t len;
        at += read_block(l, at, buf, &len);
        for (size_t pos = 0; pos < len; keys++) {
            int n = buf[pos];
            uint64_t h1, h2;
            hash2(buf + pos + 1, n, &h1, &h2);
            if (add_hashed(h1, h2, code, 0) < 0) return 0;
            pos += n + 1;
        }
    }
    if (keys != l->count) { /* a file kept cut short, or not this search's */
        fprintf(stderr, "prove: a file holds %llu keys, not %llu\n", (unsigned long long)keys,
                (unsigned long long)l->count);
        exit(2);
    }
    return 1;
}

/* The files a refill from ``from`` puts back, in ``files`` with their codes: the layers from
 * ``from`` up not let go, then (by ``frontier``) the depths held; their count */
typedef struct {
    Layer *file;
    int code;
} Held;
static int held_files(int from, Held *files) {
    int n = 0;
    for (int level = from; level < LEVELS - LEVEL_BIAS; level++) {
        Layer *l = &layers[level + LEVEL_BIAS];
        if (l->open && !l->spilled) files[n++] = (Held){l, level + LEVEL_BIAS};
    }
    const Depth *held_now[3] = {&before, &searched, &after};
    for (int i = 0; frontier && i < 3; i++)
        if (held_now[i]->file) files[n++] = (Held){held_now[i]->file, held_now[i]->code};
    return n;
}

/* Empty the table and put back the keys of the layers from ``from`` up (and the depths held, by
 * ``frontier``); 0 when they fill it */
static uint64_t held = 1; /* keys the table holds for the search (the layers left, the depths) */
static int refill(int from) {
    memset(table, 0, slots * slot_bytes);
    occupied = 0;
    held = 0;
    for (int level = from; level < LEVELS - LEVEL_BIAS; level++)
        layers[level + LEVEL_BIAS].in_table = 0;
    Held files[LEVELS + 3];
    int n = held_files(from, files), room = 1;
    uint8_t *buf = malloc(BLOCK + 64);
    for (int i = 0; room && i < n; i++) {
        room = refill_file(files[i].file, files[i].code, buf);
        held += files[i].file->in_table = files[i].file->count;
    }
    free(buf);
    if (frontier) {
        lowest_number = UINT64_MAX;
        const Depth *held_now[3] = {&before, &searched, &after};
        for (int i = 0; i < 3; i++)
            if (held_now[i]->file && held_now[i]->number && held_now[i]->number < lowest_number)
                lowest_number = held_now[i]->number;
    }
    return room && occupied < limit - limit / 10;
}

/* ``frontier``: the layers from ``from`` up leave the table, so that it holds only the depths of
 * the layer searched: a key of theirs met again is queued again, and each such layer is made one
 * key each as its search begins (first_depth()). Their files stay as they are. */
static int spills;
static void spill(int from) {
    spills++;
    for (int level = from; level < LEVELS - LEVEL_BIAS; level++)
        if (layers[level + LEVEL_BIAS].open) layers[level + LEVEL_BIAS].spilled = 1;
    fprintf(stderr, "the layers from %d up leave the table\n", from);
}

/* The keys a refill from ``from`` puts back (held_files()) */
static uint64_t to_refill(int from) {
    Held files[LEVELS + 3];
    uint64_t keys = 0;
    for (int i = 0, n = held_files(from, files); i < n; i++) keys += files[i].file->count;
    return keys;
}

/* The table emptied and refilled from the layers from ``from`` up (and the depths held): grown
 * first when they would not fit (refill()'s room: nine tenths of the usable slots), with
 * ``grow``, then, by ``frontier``, without the layers (spill()); 0 when even so they do not
 * fit */
static int fill_table(int from) {
    while (to_refill(from) >= limit - limit / 10 && grow_table()) continue;
    if (frontier && to_refill(from) >= limit - limit / 10) spill(from);
    return refill(from);
}

/* A full table refilled (fill_table()); 0 when the keys left do not fit */
static int refills;
static int make_room(int from) {
    refills++;
    return fill_table(from);
}

/* Files closed but named by the last checkpoint: deleted once the next one is written */
static char **doomed;
static int doomed_count, doomed_room;

static void bury(void) {
    for (int i = 0; i < doomed_count; i++) {
        unlink(doomed[i]);
        free(doomed[i]);
    }
    doomed_count = 0;
}

static void close_layer(Layer *l) {
    close(l->fd);
    free(l->wbuf);
    free(l->rbuf);
    if (l->path) {
        if (doomed_count == doomed_room) {
            doomed_room = doomed_room ? 2 * doomed_room : 16;
            doomed = realloc(doomed, doomed_room * sizeof *doomed);
            if (!doomed) die("realloc");
        }
        doomed[doomed_count++] = l->path;
    }
    memset(l, 0, sizeof *l);
}

/* The next depth's file; 0 when the table had to be refilled for its code and could not be */
static int open_depth(int level, Depth *d) {
    uint64_t number = next_number++;
    /* a code comes back every 127 depths: the slots of its last depth go first */
    if (lowest_number != UINT64_MAX && number - lowest_number >= depth_codes && !make_room(level + 1))
        return 0;
    Layer *l = calloc(1, sizeof *l);
    if (!l) die("calloc");
    open_file(l, file_path(level, number), 1);
    *d = (Depth){l, depth_code(number), number};
    if (lowest_number == UINT64_MAX) lowest_number = number;
    return 1;
}

/* A depth no longer held: its file closed (the layer's own, or its own) */
static uint64_t drop_depth(Depth *d) {
    uint64_t count = 0;
    if (d->file) {
        count = d->file->count;
        close_layer(d->file);
        if (d->number) free(d->file);
    }
    *d = (Depth){NULL, 0, 0};
    return count;
}

/* ------------------------------------------------------------------ the search */
typedef struct {
    uint8_t key[KEY_ROOM];
    int n, level;
    uint64_t h1, h2;
} Kid;

typedef struct {
    int kind, a, b, n; /* as moves.py: COL_TO_COL 0, COL_TO_CELL 1, CELL_TO_COL 2, home 3, 4 */
} Step;

static int steps_from(const Pos *p, int empties, int cell_count, Step *out) {
    int k = 0;
    int free = cell_count - p->ncells;
    int limit_n = (free + 1) << empties;
    int limit_e = empties ? (free + 1) << (empties - 1) : 0;
    for (int s = empties; s < 8; s++) {
        int len = p->len[s];
        const uint8_t *cs = p->col[s];
        int top = cs[len - 1];
        if (RANKOF(top) == p->found[top & 3] + 1) out[k++] = (Step){3, s, 0, 1};
        int run = 1;
        while (run < len && fits(cs[len - run - 1], cs[len - run])) run++;
        for (int n = 1; n <= run && n <= limit_n; n++) {
            int card = cs[len - n];
            for (int d = empties; d < 8; d++)
                if (fits(p->col[d][p->len[d] - 1], card)) out[k++] = (Step){0, s, d, n};
        }
        if (empties && len > 1) {
            int most = run;
            if (limit_e < most) most = limit_e;
            if (len - 1 < most) most = len - 1;
            /* one card, or the most that may go; with frontier every part (a step within a
             * layer is then undone by a step: a run moved whole onto another goes back to an
             * empty column as a part of the longer run) */
            for (int n = 1; n <= most; n++)
                if (frontier || n == 1 || n == most) out[k++] = (Step){0, s, 0, n};
        }
        if (free) out[k++] = (Step){1, s, 0, 1};
    }
    for (int i = 0; i < p->ncells; i++) {
        int v = p->cell[i];
        if (RANKOF(v) == p->found[v & 3] + 1) out[k++] = (Step){4, i, 0, 1};
        for (int d = empties; d < 8; d++)
            if (fits(p->col[d][p->len[d] - 1], v)) out[k++] = (Step){2, i, d, 1};
        if (empties) out[k++] = (Step){2, i, 0, 1};
    }
    return k;
}

static void play(Pos *q, Step st) {
    switch (st.kind) {
    case 0: {
        uint8_t *src = q->col[st.a];
        memcpy(q->col[st.b] + q->len[st.b], src + q->len[st.a] - st.n, COPY);
        q->len[st.b] += st.n;
        q->len[st.a] -= st.n;
        break;
    }
    case 1:
        q->cell[q->ncells++] = q->col[st.a][--q->len[st.a]];
        break;
    case 2:
        q->col[st.b][q->len[st.b]++] = q->cell[st.a];
        q->cell[st.a] = q->cell[--q->ncells];
        break;
    case 3:
        q->found[q->col[st.a][--q->len[st.a]] & 3]++;
        break;
    default:
        q->found[q->cell[st.a] & 3]++;
        q->cell[st.a] = q->cell[--q->ncells];
        break;
    }
}

static double cpu_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static double wall_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

/* The search's counts and options */
static uint64_t positions = 1, peak = 1, expanded = 0;
static int highest, cell_count;

enum { GOES_ON, WENT_HIGHER, WON, GAVE_UP, BROKEN };

/* The children of the key ``pk`` (of ``level``) in ``kids``: their count; WON_CHILD when one is
 * won (the others not made), BROKEN_CHILD when a step lowered a layer. Each child's slot is
 * fetched meanwhile (to be taken after the next key's children are made: search_file). */
enum { WON_CHILD = -1, BROKEN_CHILD = -2, END_OF_FILE = -3 };
static int children(const uint8_t *pk, int pn, int level, Kid *kids) {
    Step steps[256];
    Pos p;
    int empties = decode(pk, pn, &p);
    int k = steps_from(&p, empties, cell_count, steps);
    int home = p.found[0] + p.found[1] + p.found[2] + p.found[3];
    Pos q = p; /* each child is played on it, then its counts put back: a step only writes cards
                * past a column's end */
    for (int i = 0; i < k; i++) {
        memcpy(q.len, p.len, sizeof q.len);
        memcpy(q.cell, p.cell, sizeof q.cell);
        memcpy(q.found, p.found, sizeof q.found);
        q.ncells = p.ncells;
        Step st = steps[i];
        play(&q, st);
        /* as prove(): the child's layer is the parent's, one more when a whole run leaves a card
         * it does not build on; counted again when cards went home. Only a card uncovered from
         * under a break may go home after a step that is not home (a card of a run is never
         * safe). */
        int at = level;
        if (st.kind <= 1) {
            int len = p.len[st.a];
            if (len > st.n) {
                int under = p.col[st.a][len - st.n - 1];
                if (!fits(under, p.col[st.a][len - st.n])) {
                    at++;
                    autoplay(&q);
                }
            }
        } else if (st.kind != 2) {
            autoplay(&q);
        }
        int got = q.found[0] + q.found[1] + q.found[2] + q.found[3];
        if (got == 52) return WON_CHILD;
        if (got != home || st.kind > 2) at = level_of(&q);
        if (at < level) {
            fprintf(stderr, "prove: a step lowered a position's layer\n");
            return BROKEN_CHILD;
        }
        kids[i].n = encode(&q, kids[i].key);
        kids[i].level = at;
        hash2(kids[i].key, kids[i].n, &kids[i].h1, &kids[i].h2);
        __builtin_prefetch(table + slot_of(kids[i].h1) * slot_bytes, 1);
    }
    return k;
}

/* A child of a key of ``level`` taken: when not met before, held and queued, in its layer's file,
 * or, in the layer searched, in ``same_file`` (the layer's own file, or the next depth's) as
 * ``same_code``. GOES_ON (new in the layer, or met), WENT_HIGHER (new, in a higher layer) or
 * GAVE_UP (no room). */
static int take(const Kid *c, int level, Layer *same_file, int same_code) {
    int in_layer = c->level == level;
    int code = in_layer ? same_code : c->level + LEVEL_BIAS;
    int added = add_hashed(c->h1, c->h2, code, in_layer && frontier);
    if (added < 0) {
        /* nothing to drop while every layer is kept (highest) */
        if (highest || !make_room(frontier ? level + 1 : level)) return GAVE_UP;
        added = add_hashed(c->h1, c->h2, code, in_layer && frontier);
        if (added < 0) return GAVE_UP;
    }
    if (!added) return GOES_ON;
    put_key(in_layer ? same_file : layer_at(c->level), c->key, c->n);
    positions++;
    if (++held > peak) peak = held;
    return in_layer ? GOES_ON : WENT_HIGHER;
}

/* The ``k`` children a key of ``level`` has (children()'s count) taken; WON, BROKEN, GAVE_UP,
 * or WENT_HIGHER when one is new in a higher layer */
static int take_all(const Kid *kids, int k, int level, Layer *same_file, int same_code) {
    if (k == WON_CHILD) {
        positions++;
        return WON;
    }
    if (k == BROKEN_CHILD) return BROKEN;
    int outcome = GOES_ON;
    for (int i = 0; i < k; i++) {
        int taken = take(&kids[i], level, same_file, same_code);
        if (taken == GAVE_UP) return GAVE_UP;
        if (taken == WENT_HIGHER) outcome = WENT_HIGHER;
    }
    return outcome;
}

static double budget, cpu0, wall0, next_report = REPORT_EVERY;
/* The CPU and wall seconds of the runs before this one, up to their last checkpoint */
static double cpu_before, wall_before;
/* A test's kill: the process ends, as if killed, when ``expanded`` reaches it
 * (PROVE_KILL_AT) */
static uint64_t kill_at;

/* A key about to be expanded (``searched_here`` of ``l``'s so far): counted, and the clock looked
 * at; GAVE_UP when the CPU seconds are spent */
static int count_expanded(const Layer *l, int level, uint64_t depth, uint64_t searched_here) {
    if (++expanded == kill_at) _exit(9);
    if (expanded % 4096) return GOES_ON;
    double cpu = cpu_now() - cpu0;
    if (cpu > budget) return GAVE_UP;
    cpu += cpu_before;
    if (cpu >= next_report) { /* how far, on stderr */
        next_report = cpu + REPORT_EVERY;
        fprintf(stderr,
                "cpu %.0f s: layer %d depth %llu (%llu positions, %llu searched), "
                "%llu reached, %llu held, table %llu of %llu, refills %d\n",
                cpu, level, (unsigned long long)depth, (unsigned long long)l->count,
                (unsigned long long)searched_here, (unsigned long long)positions,
                (unsigned long long)held, (unsigned long long)occupied,
                (unsigned long long)limit, refills);
    }
    return GOES_ON;
}

/* Every key of ``l`` expanded (those queued in it meanwhile too), until a child goes higher
 * when ``highest``; the outcome of the last key's. When nothing is queued in ``l`` meanwhile (a
 * depth, by ``frontier``), the next key's children are made while the slots of this key's are
 * fetched: the same children taken in the same order, the misses waited on at once. */
static int search_file(Layer *l, int level, Layer *same_file, int same_code, uint64_t depth) {
    static Kid kids[2][256];
    const uint8_t *pk;
    int pn, outcome = GOES_ON, now = 0, ahead = l != same_file, k = END_OF_FILE;
    uint64_t searched_here = 0;
    if (ahead && (pn = next_key(l, &pk)) > 0) k = children(pk, pn, level, kids[0]);
    for (;;) {
        if (!ahead) {
            if ((pn = next_key(l, &pk)) <= 0) break;
            k = children(pk, pn, level, kids[now]);
        } else if (k == END_OF_FILE) {
            break;
        }
        if (count_expanded(l, level, depth, ++searched_here) == GAVE_UP) return GAVE_UP;
        int next = END_OF_FILE;
        if (ahead && k >= 0 && (pn = next_key(l, &pk)) > 0)
            next = children(pk, pn, level, kids[!now]);
        outcome = take_all(kids[now], k, level, same_file, same_code);
        if (outcome >= WON || (highest && outcome == WENT_HIGHER)) return outcome;
        if (ahead) {
            k = next;
            now = !now;
        }
    }
    return outcome == WENT_HIGHER ? GOES_ON : outcome;
}

/* ------------------------------------------------------------------ checkpoints */
/* ``keep`` (frontier or lowest): the files stay in FOLDER, and as a depth begins (a layer, in
 * order lowest), once PROVE_CHECKPOINT_EVERY positions (50 million, a minute or two) have been
 * expanded since the last, every file is written out and synced and then FOLDER/prove.checkpoint
 * is replaced: the counts, where the search is, the depths held, each file's length and whether
 * its layer left the table. Run again on FOLDER, a proof goes on from there: each file cut back
 * to its length, the table refilled from them, as after a full table. A file is deleted once no
 * checkpoint names it (and on resuming, every file the checkpoint does not name); a proof that
 * ends (won or unwinnable) deletes them all and the checkpoint; one given up keeps them, to go
 * on with more time or memory. */
#define CHECKPOINT "prove.checkpoint"
static uint64_t checkpoint_every = 50000000, last_checkpoint;
static int runs = 1; /* this one counted */
static const char *root_hex;

static const char *order_name(void) {
    return highest ? "highest" : frontier ? "frontier" : "lowest";
}

static void sync_file(Layer *l) {
    flush_layer(l);
    if (fdatasync(l->fd)) die(l->path);
}

static void write_depth(FILE *f, const char *name, const Depth *d) {
    if (!d->file) return;
    if (d->number) sync_file(d->file);
    fprintf(f, "depth %s %llu %d %lld %llu\n", name, (unsigned long long)d->number, d->code,
            (long long)d->file->end, (unsigned long long)d->file->count);
}

static void checkpoint(int level, uint64_t depth) {
    if (!keep || expanded - last_checkpoint < checkpoint_every) return;
    char path[4096], fresh[4200];
    snprintf(path, sizeof path, "%s/" CHECKPOINT, folder);
    snprintf(fresh, sizeof fresh, "%s.new", path);
    FILE *f = fopen(fresh, "w");
    if (!f) die(fresh);
    fprintf(f, "prove checkpoint 1\nroot %s\ncells %d\norder %s\nslot_bytes %d\n", root_hex,
            cell_count, order_name(), slot_bytes);
    fprintf(f, "at %d %llu %llu\n", level, (unsigned long long)depth,
            (unsigned long long)next_number);
    fprintf(f, "counts %llu %llu %llu %llu %d %d %d %d\n", (unsigned long long)positions,
            (unsigned long long)held, (unsigned long long)peak, (unsigned long long)expanded,
            refills, grows, runs, spills);
    fprintf(f, "spent %.3f %.3f\n", cpu_before + cpu_now() - cpu0,
            wall_before + wall_now() - wall0);
    for (int i = 0; i < LEVELS; i++)
        if (layers[i].open) {
            sync_file(&layers[i]);
            fprintf(f, "layer %d %lld %llu %d\n", i - LEVEL_BIAS, (long long)layers[i].end,
                    (unsigned long long)layers[i].count, layers[i].spilled);
        }
    write_depth(f, "before", &before);
    write_depth(f, "searched", &searched);
    fprintf(f, "end\n");
    if (fflush(f) || fsync(fileno(f)) || fclose(f)) die(fresh);
    if (rename(fresh, path)) die(path);
    int dir = open(folder, O_RDONLY | O_DIRECTORY);
    if (dir < 0 || fsync(dir)) die(folder);
    close(dir);
    bury();
    last_checkpoint = expanded;
}

static void refuse(const char *why) {
    fprintf(stderr, "prove: %s/" CHECKPOINT ": %s\n", folder, why);
    exit(2);
}

/* The files of FOLDER no proof holds open deleted: those a kill left behind (written after the
 * last checkpoint, or closed and not yet deleted), or a run's that never wrote a checkpoint */
static void sweep(void) {
    DIR *dir = opendir(folder);
    if (!dir) die(folder);
    const Depth *held_now[3] = {&before, &searched, &after};
    for (struct dirent *e; (e = readdir(dir));) {
        size_t n = strlen(e->d_name);
        if (strncmp(e->d_name, "layer", 5) || n < 7 || strcmp(e->d_name + n - 2, ".z")) continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", folder, e->d_name);
        int open_now = 0;
        for (int i = 0; i < LEVELS && !open_now; i++)
            open_now = layers[i].path && !strcmp(layers[i].path, path);
        for (int i = 0; i < 3 && !open_now; i++)
            open_now = held_now[i]->file && held_now[i]->file->path &&
                       !strcmp(held_now[i]->file->path, path);
        if (!open_now) unlink(path);
    }
    closedir(dir);
}

/* ``l`` on its file as the checkpoint left it: ``end`` bytes, ``count`` keys */
static void reopen(Layer *l, char *path, long long end, unsigned long long count) {
    open_file(l, path, 0);
    off_t size = lseek(l->fd, 0, SEEK_END);
    if (size < 0) die(l->path);
    if (size < end) refuse("a file shorter than the checkpoint says");
    if (ftruncate(l->fd, end)) die(l->path); /* what came after the checkpoint */
    l->end = end;
    l->count = count;
}

/* Where FOLDER's checkpoint left the search (0 when there is none): its counts, files and depths
 * put back; the table is refilled by the caller */
static int resume(int *level, uint64_t *depth) {
    char path[4096], line[8192], word[64], text[4096];
    snprintf(path, sizeof path, "%s/" CHECKPOINT, folder);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    int n, ended = 0, code, fields, spilled;
    long long end;
    unsigned long long a, b, c, d;
    double cpu, wall;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "root %4095s", text) == 1) {
            if (strcmp(text, root_hex)) refuse("the checkpoint of another deal");
        } else if (sscanf(line, "cells %d", &n) == 1) {
            if (n != cell_count) refuse("the checkpoint of another count of cells");
        } else if (sscanf(line, "order %63s", word) == 1) {
            if (strcmp(word, order_name())) refuse("the checkpoint of another order");
        } else if (sscanf(line, "slot_bytes %d", &n) == 1) {
            if (n != slot_bytes) refuse("the checkpoint of other slots");
        } else if (sscanf(line, "at %d %llu %llu", level, &a, &b) == 3) {
            *depth = a;
            next_number = b;
        } else if (sscanf(line, "counts %llu %llu %llu %llu %d %d %d %d", &a, &b, &c, &d, &refills,
                          &grows, &runs, &spills) >= 7) {
            positions = a;
            held = b;
            peak = c;
            expanded = last_checkpoint = d;
        } else if (sscanf(line, "spent %lf %lf", &cpu, &wall) == 2) {
            cpu_before = cpu;
            wall_before = wall;
        } else if ((fields = sscanf(line, "layer %d %lld %llu %d", &n, &end, &a, &spilled)) >= 3) {
            if (n < -LEVEL_BIAS || n >= LEVELS - LEVEL_BIAS) refuse("a layer out of range");
            reopen(&layers[n + LEVEL_BIAS], file_path(n, 0), end, a);
            layers[n + LEVEL_BIAS].spilled = fields == 4 && spilled;
        } else if (sscanf(line, "depth %63s %llu %d %lld %llu", word, &a, &code, &end, &b) == 5) {
            Depth *held_now = !strcmp(word, "before") ? &before : &searched;
            Layer *l = &layers[*level + LEVEL_BIAS];
            if (a) {
                l = calloc(1, sizeof *l);
                if (!l) die("calloc");
                reopen(l, file_path(*level, a), end, b);
            } else if (!l->open) {
                refuse("a depth of a layer not kept");
            }
            /* the code from the number, as this run gives them (PROVE_DEPTH_CODES may differ) */
            *held_now = (Depth){l, a ? depth_code(a) : *level + LEVEL_BIAS, a};
        } else if (!strcmp(line, "end\n")) {
            ended = 1;
        }
    }
    fclose(f);
    if (!ended) refuse("cut short");
    sweep();
    runs++;
    fprintf(stderr, "resumed at layer %d depth %llu: %llu reached, %llu held, %.0f CPU s before\n",
            *level, (unsigned long long)*depth, (unsigned long long)positions,
            (unsigned long long)held, cpu_before);
    return 1;
}

/* The end of a proof decided: its files and checkpoint deleted */
static void forget_files(void) {
    if (!keep) return;
    held -= drop_depth(&before) + drop_depth(&searched) + drop_depth(&after);
    for (int i = 0; i < LEVELS; i++)
        if (layers[i].open) close_layer(&layers[i]);
    bury();
    char path[4096];
    snprintf(path, sizeof path, "%s/" CHECKPOINT, folder);
    unlink(path);
}

/* The first depth of ``level``'s layer, its keys made one each when the layer was spilled (its
 * keys met again after they left the table are in its file again): a depth file of the keys new
 * to it, as ``searched``; ``positions`` loses the keys counted twice. 0 when the table is full
 * of what it must hold. */
static int first_depth(int level) {
    int layer_code = level + LEVEL_BIAS;
    Layer *l = &layers[layer_code];
    if (!l->spilled) {
        searched = (Depth){l, layer_code, 0};
        return 1;
    }
    held -= l->in_table;        /* the layer's own code is stale: its keys come again, as a depth */
    l->in_table = 0;
    frontier_codes(layer_code);
    if (!open_depth(level, &after)) return 0;
    frontier_codes(layer_code);
    const uint8_t *key;
    for (int n; (n = next_key(l, &key)) > 0;) {
        uint64_t h1, h2;
        hash2(key, n, &h1, &h2);
        int added = add_hashed(h1, h2, after.code, 0);
        if (added < 0) {
            if (!make_room(level + 1)) return 0;
            added = add_hashed(h1, h2, after.code, 0);
            if (added < 0) return 0;
        }
        if (!added) continue;
        put_key(after.file, key, n);
        if (++held > peak) peak = held;
    }
    positions -= l->count - after.file->count;
    close_layer(l);
    searched = after;
    after = (Depth){NULL, 0, 0};
    return 1;
}

/* ``level``'s layer searched depth by depth, three depths held, from its first depth (or from
 * ``depth``, the depths held as a checkpoint left them, when ``resuming``); its outcome */
static int search_by_depths(int level, uint64_t depth, int resuming) {
    int layer_code = level + LEVEL_BIAS;
    if (!resuming) {
        if (!first_depth(level)) return GAVE_UP;
        depth = 0;
    }
    for (;;) {
        checkpoint(level, depth);
        /* the depths held now (a refill for the next depth's code puts back only these), then
         * the next depth among them */
        frontier_codes(layer_code);
        if (!open_depth(level, &after)) return GAVE_UP;
        frontier_codes(layer_code);
        int outcome = search_file(searched.file, level, after.file, after.code, depth);
        if (outcome >= WON) return outcome;
        if (!after.file->count) break;
        if (after.file->count >= 1000000) /* the depths of a large layer, on stderr */
            fprintf(stderr, "layer %d depth %llu: %llu positions, %llu held\n", level,
                    (unsigned long long)depth + 1, (unsigned long long)after.file->count,
                    (unsigned long long)held);
        held -= drop_depth(&before);
        before = searched;
        searched = after;
        after = (Depth){NULL, 0, 0};
        depth++;
    }
    held -= drop_depth(&before) + drop_depth(&searched) + drop_depth(&after);
    return GOES_ON;
}

int main(int argc, char **argv) {
    for (int i = 6; i < argc; i++) {
        if (!strcmp(argv[i], "highest")) {
            highest = 1;
        } else if (!strcmp(argv[i], "frontier")) {
            frontier = 1;
            const char *codes = getenv("PROVE_DEPTH_CODES");
            if (codes && atoi(codes) >= 3 && atoi(codes) <= 127) depth_codes = atoi(codes);
        } else if (!strcmp(argv[i], "grow")) {
            grow_allowed = 1;
            const char *given = getenv("PROVE_RESERVE_GIB");
            if (given) reserve = (uint64_t)(atof(given) * 1073741824.0);
        } else if (!strcmp(argv[i], "narrow")) {
            slot_bytes = 6;
            fp_bits = 40;
        } else if (!strcmp(argv[i], "keep")) {
            keep = 1;
            const char *every = getenv("PROVE_CHECKPOINT_EVERY");
            if (every) checkpoint_every = strtoull(every, NULL, 10);
        } else {
            argc = 0;
        }
    }
    if (argc < 6 || (highest && (frontier || keep))) {
        fprintf(stderr, "usage: prove ROOT_KEY_HEX CELLS TABLE_GIB FOLDER CPU_SECONDS "
                        "[highest | frontier] [narrow] [grow] [keep]  (highest keeps nothing)\n");
        return 2;
    }
    root_hex = argv[1];
    cell_count = atoi(argv[2]);
    double gib = atof(argv[3]);
    folder = argv[4];
    budget = atof(argv[5]);
    const char *kill = getenv("PROVE_KILL_AT");
    if (kill) kill_at = strtoull(kill, NULL, 10);
    wall0 = wall_now();
    cpu0 = cpu_now();
    uint8_t root[KEY_ROOM];
    int rn = (int)strlen(root_hex) / 2;
    for (int i = 0; i < rn; i++) sscanf(root_hex + 2 * i, "%2hhx", &root[i]);

    map_table((uint64_t)(gib * 1073741824.0) / slot_bytes);
    zcap = LZ4_compressBound(BLOCK + 64);
    zbuf = malloc(zcap + 8);

    Pos start;
    decode(root, rn, &start);
    int outcome = GOES_ON, level, resume_level = 0;
    uint64_t resume_depth = 0;
    int resuming = keep && resume(&resume_level, &resume_depth);
    if (keep && !resuming) sweep(); /* a run's that was killed before its first checkpoint */
    if (resuming) { /* the table refilled from the files kept, as after a full table */
        if (!fill_table(frontier ? resume_level + 1 : resume_level)) {
            outcome = GAVE_UP;
            goto done;
        }
    } else if (start.found[0] + start.found[1] + start.found[2] + start.found[3] == 52) {
        outcome = WON;
        goto done;
    } else {
        level = level_of(&start);
        stale_below(level + LEVEL_BIAS);
        uint64_t h1, h2;
        hash2(root, rn, &h1, &h2);
        add_hashed(h1, h2, level + LEVEL_BIAS, 0);
        put_key(layer_at(level), root, rn);
    }
    for (;;) {
        if (resuming) { /* the layer the checkpoint was in first: with frontier, its own file
                         * may be gone (searched past its first depths) */
            level = resume_level;
        } else if (highest) { /* the highest layer with keys not searched; every layer kept */
            level = LEVELS - LEVEL_BIAS - 1;
            while (level >= -LEVEL_BIAS && !unread(&layers[level + LEVEL_BIAS])) level--;
            if (level < -LEVEL_BIAS) break;
        } else {
            level = -LEVEL_BIAS;
            while (level < LEVELS - LEVEL_BIAS && !layers[level + LEVEL_BIAS].open) level++;
            if (level == LEVELS - LEVEL_BIAS) break;
        }
        if (!highest) stale_below(level + LEVEL_BIAS);
        Layer *l = &layers[level + LEVEL_BIAS];
        if (frontier) {
            outcome = search_by_depths(level, resume_depth, resuming);
        } else {
            if (!highest) checkpoint(level, 0);
            outcome = search_file(l, level, l, level + LEVEL_BIAS, 0);
            if (!highest && outcome < WON) {
                held -= l->count;
                close_layer(l);
            }
        }
        resuming = 0;
        if (outcome >= WON) break;
    }
done:;
    static const char *status[] = {"unwinnable", "unwinnable", "winnable", "gave-up"};
    if (outcome == BROKEN) return 2;
    if (outcome != GAVE_UP) forget_files();
    printf("{\"status\": \"%s\", \"positions\": %llu, \"peak\": %llu, \"expanded\": %llu, "
           "\"refills\": %d, \"spills\": %d, \"grows\": %d, \"table_gib\": %.9f, "
           "\"order\": \"%s\", \"slot_bytes\": %d, \"runs\": %d, \"s\": %.3f, \"cpu\": %.3f}\n",
           status[outcome], (unsigned long long)positions, (unsigned long long)peak,
           (unsigned long long)expanded, refills, spills, grows, slots * slot_bytes / 1073741824.0,
           order_name(), slot_bytes, runs, wall_before + wall_now() - wall0,
           cpu_before + cpu_now() - cpu0);
    return 0;
}
