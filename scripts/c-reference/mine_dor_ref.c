/*
 * Plain C reference for `npm run bench`: builds and audits Mine d'or blocks on one thread with the
 * same rules, placement, presentations and records as the TypeScript engine (generator version 1),
 * so that its block digest must equal the engine's (R1). It measures what the engine is compared to.
 *
 *   gcc -O2 -o mine_dor_ref mine_dor_ref.c
 *   mine_dor_ref [--stake 50|100|200] [--seed S] [--blocks K] [--no-digest]
 *
 * Prints one JSON line: {"stake_cents","first_seed","blocks","units","seconds","units_per_second",
 * "cpu_seconds","units_per_cpu_second","digest","digests":[…],"audit_ok"}. With --no-digest no record
 * is written or hashed ("digest": null). CPU time (clock()) is what a shared machine disturbs least.
 * Presentation enumeration (once per stake, like the engine's cache) is not timed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- rules data: resources/rules/mine-d-or.json at 0.50 €; 1 € and 2 € are ×2 and ×4 (art. 3) ---- */
#define BLOCK_UNITS 1000000
#define N_LEVELS 12
static const int64_t PRIZE_050[N_LEVELS] = {750000, 375000, 20000, 10000, 4000, 2000, 1000, 500, 400, 200, 100, 50};
static const int32_t LOTS[N_LEVELS] = {1, 1, 1, 1, 11, 30, 20000, 1000, 1100, 1500, 75000, 100020};
/* art. 4.4 gains at 0.50 €: nugget, diamond, banknote, candle, cactus, pickaxe */
static const int64_t GAIN_050[6] = {375000, 10000, 2000, 500, 200, 50};
#define EXTRA 6
#define SEGMENT_UNITS 10000

/* ---- art. 4.5 geometry ---- */
static const int LINES[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
static int8_t line_of_mask[512];

/* ---- 32-bit mixing, keys, unit streams (src-engine/random/mix.ts) ---- */
static inline uint32_t mix32(uint32_t x) {
  x ^= x >> 16;
  x *= 0x85ebca6bu;
  x ^= x >> 13;
  x *= 0xc2b2ae35u;
  x ^= x >> 16;
  return x;
}
static uint32_t hash_string32(const char *text, uint32_t salt) {
  uint32_t h = 0x811c9dc5u ^ salt;
  for (const char *p = text; *p; p++) {
    h ^= (uint8_t)*p;
    h *= 0x01000193u;
  }
  return mix32(h);
}
typedef struct {
  uint32_t state;
} stream_t;
static inline void reseed(stream_t *s, uint32_t unit_key, uint32_t index) {
  s->state = mix32(unit_key ^ mix32(index + 0x9e3779b9u));
}
static inline uint32_t next32(stream_t *s) { /* mulberry32 */
  uint32_t z = (s->state += 0x6d2b79f5u);
  uint32_t t = (z ^ (z >> 15)) * (z | 1u);
  t ^= t + (t ^ (t >> 7)) * (t | 61u);
  return t ^ (t >> 14);
}
static inline uint32_t below(stream_t *s, uint32_t n) { return (uint32_t)(((uint64_t)next32(s) * n) >> 32); }
static inline double unit01(stream_t *s) { return (double)next32(s) / 4294967296.0; }

/* ---- keyed Feistel permutation (src-engine/random/feistel.ts) ---- */
static uint32_t perm_keys[6];
static int perm_a, perm_b;
static inline uint32_t encrypt_once(uint32_t x) {
  int a = perm_a, b = perm_b;
  for (int r = 0; r < 6; r++) {
    uint32_t lo = x & ((1u << b) - 1u), hi = x >> b;
    uint32_t f = mix32(lo ^ perm_keys[r]);
    x = (lo << a) | ((hi ^ f) & ((1u << a) - 1u));
    int t = a;
    a = b;
    b = t;
  }
  return x;
}
static inline uint32_t forward(uint32_t i) {
  uint32_t x = encrypt_once(i);
  while (x >= BLOCK_UNITS) x = encrypt_once(x);
  return x;
}
static void perm_init(uint32_t key) {
  int bits = 2;
  while ((1u << bits) < BLOCK_UNITS) bits++;
  perm_b = bits / 2;
  perm_a = bits - perm_b;
  uint32_t k = key;
  for (uint32_t r = 0; r < 6; r++) perm_keys[r] = k = mix32(k + 0x9e3779b9u + r);
}

/* ---- grid contents and presentations (src-engine/games/mine-d-or/presentations.ts, M3–M5) ---- */
typedef struct {
  int symbols, aligned, combos, aligned_count;
} content_t;
static content_t contents[256];
static int n_contents;
static int popcount(int x) {
  int n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}
static int content_fits(int combos, int aligned, int extras) {
  if (3 * combos + extras > 9) return 0;
  if (combos == 3 && aligned == 2) return 0;
  return aligned <= combos;
}
typedef struct {
  int extras, grids[4];
} pres_t;
typedef struct {
  pres_t *list;
  double *cumulative;
  int n, cap;
} level_pres_t;
static level_pres_t levels[N_LEVELS + 1];
static int64_t gains[6];
static int64_t values[256];
static int order[256];
static const double WIN_EXTRAS[4] = {1, 0.45, 0.15, 0.04}, LOSE_EXTRAS[4] = {1, 0.12, 0.03, 0.008};
static const double ADDITIONAL = 0.35, ALIGNED = 1, LOSING_STAGE = 0.6;

static double power(double x, int n) { /* repeated multiplication, as the engine (R1) */
  double r = 1;
  for (int i = 0; i < n; i++) r *= x;
  return r;
}
static void push(level_pres_t *lp, int e, const int *grids, double weight) {
  if (lp->n == lp->cap) {
    lp->cap = lp->cap ? lp->cap * 2 : 64;
    lp->list = realloc(lp->list, sizeof(pres_t) * lp->cap);
    lp->cumulative = realloc(lp->cumulative, sizeof(double) * lp->cap);
    if (!lp->list || !lp->cumulative) exit(3);
  }
  pres_t *p = &lp->list[lp->n];
  p->extras = e;
  for (int i = 0; i <= e; i++) p->grids[i] = grids[i];
  double prev = lp->n ? lp->cumulative[lp->n - 1] : 0;
  lp->cumulative[lp->n++] = prev + weight;
}
static void emit(level_pres_t *lp, int e, int main_id, const int *positions) {
  int grids[4] = {main_id};
  int combos = contents[main_id].combos, aligned = contents[main_id].aligned_count, losing = 0;
  for (int i = 0; i < e; i++) {
    grids[i + 1] = order[positions[i]];
    combos += contents[grids[i + 1]].combos;
    aligned += contents[grids[i + 1]].aligned_count;
    if (contents[grids[i + 1]].combos == 0) losing++;
  }
  double w = WIN_EXTRAS[e] * power(ADDITIONAL, combos - 1) * power(ALIGNED, aligned) * power(LOSING_STAGE, losing);
  if (w > 0) push(lp, e, grids, w);
}
static int cmp_order(const void *x, const void *y) {
  int a = *(const int *)x, b = *(const int *)y;
  if (values[a] != values[b]) return values[a] < values[b] ? -1 : 1;
  return a - b;
}
/* First position in `order` whose value is >= v. */
static int lower_bound(int64_t v) {
  int lo = 0, hi = n_contents;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (values[order[mid]] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
/* Every presentation of `amount`, in the engine's order: EXTRA count, main content by value, then
 * stage multisets in lexicographic order of value positions. */
static void enumerate(level_pres_t *lp, int64_t amount) {
  if (amount == 0) {
    int zero[4] = {0, 0, 0, 0};
    for (int e = 0; e <= 3; e++) push(lp, e, zero, LOSE_EXTRAS[e]);
    return;
  }
  for (int e = 0; e <= 3; e++) {
    for (int m = 0; m < n_contents; m++) {
      int main_id = order[m];
      int64_t rest = amount - values[main_id];
      if (rest < 0) break;
      if (!content_fits(contents[main_id].combos, contents[main_id].aligned_count, e)) continue;
      int pos[3];
      if (e == 0) {
        if (rest == 0) emit(lp, 0, main_id, pos);
      } else if (e == 1) {
        for (int p = lower_bound(rest); p < n_contents && values[order[p]] == rest; p++) {
          pos[0] = p;
          emit(lp, 1, main_id, pos);
        }
      } else if (e == 2) {
        for (int p = 0; p < n_contents && 2 * values[order[p]] <= rest; p++) {
          int64_t want = rest - values[order[p]];
          int q0 = lower_bound(want);
          for (int q = q0 > p ? q0 : p; q < n_contents && values[order[q]] == want; q++) {
            pos[0] = p;
            pos[1] = q;
            emit(lp, 2, main_id, pos);
          }
        }
      } else {
        for (int p = 0; p < n_contents && 3 * values[order[p]] <= rest; p++) {
          for (int q = p; q < n_contents && values[order[p]] + 2 * values[order[q]] <= rest; q++) {
            int64_t want = rest - values[order[p]] - values[order[q]];
            int r0 = lower_bound(want);
            for (int r = r0 > q ? r0 : q; r < n_contents && values[order[r]] == want; r++) {
              pos[0] = p;
              pos[1] = q;
              pos[2] = r;
              emit(lp, 3, main_id, pos);
            }
          }
        }
      }
    }
  }
}
static void prepare(int stake_cents, int64_t *amounts) {
  for (int s = 0; s < 6; s++) gains[s] = GAIN_050[s] * (stake_cents / 50);
  n_contents = 0;
  for (int symbols = 0; symbols < 64; symbols++) {
    int combos = popcount(symbols);
    if (combos > 3) continue;
    for (int aligned = 0; aligned < 64; aligned++) {
      if (aligned & ~symbols) continue;
      int ac = popcount(aligned);
      if (!content_fits(combos, ac, 0)) continue;
      contents[n_contents++] = (content_t){symbols, aligned, combos, ac};
    }
  }
  for (int i = 0; i < n_contents; i++) {
    int64_t v = 0;
    for (int s = 0; s < 6; s++)
      if (contents[i].symbols & (1 << s)) v += (contents[i].aligned & (1 << s)) ? gains[s] * 2 : gains[s];
    values[i] = v;
    order[i] = i;
  }
  qsort(order, n_contents, sizeof(int), cmp_order);
  for (int l = 0; l <= N_LEVELS; l++) {
    free(levels[l].list);
    free(levels[l].cumulative);
    memset(&levels[l], 0, sizeof(levels[l]));
    amounts[l] = l < N_LEVELS ? PRIZE_050[l] * (stake_cents / 50) : 0;
    enumerate(&levels[l], amounts[l]);
    if (levels[l].n == 0) {
      fprintf(stderr, "error: level %d (%lld cents) has no presentation (M4)\n", l, (long long)amounts[l]);
      exit(2);
    }
  }
}

/* Ordered sets of disjoint lines: 1 (any line), 2 and 3 (parallel lines), as the engine builds them. */
static int disjoint[4][24][3];
static int n_disjoint[4];
static void init_disjoint(void) {
  static const int PERMS[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (int l = 0; l < 8; l++) disjoint[1][n_disjoint[1]++][0] = l;
  for (int f = 0; f < 2; f++)
    for (int p = 0; p < 6; p++) {
      for (int k = 0; k < 3; k++) disjoint[3][n_disjoint[3]][k] = 3 * f + PERMS[p][k];
      n_disjoint[3]++;
      disjoint[2][n_disjoint[2]][0] = 3 * f + PERMS[p][0];
      disjoint[2][n_disjoint[2]][1] = 3 * f + PERMS[p][1];
      n_disjoint[2]++;
    }
  memset(line_of_mask, -1, sizeof line_of_mask);
  for (int l = 0; l < 8; l++) line_of_mask[(1 << LINES[l][0]) | (1 << LINES[l][1]) | (1 << LINES[l][2])] = (int8_t)l;
}

/* ---- generator (src-engine/games/mine-d-or/generate.ts) ---- */
static void fill_grid(uint8_t *g, int content_id, int extra_cells, stream_t *st) {
  int pool[12], nPool;
  if (content_id == 0 && extra_cells == 0) {
    static const int FULL[12] = {0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5};
    memcpy(pool, FULL, sizeof pool);
    nPool = 12;
    for (int cell = 0; cell < 9; cell++) {
      uint32_t j = below(st, (uint32_t)nPool);
      g[cell] = (uint8_t)pool[j];
      pool[j] = pool[--nPool];
    }
    return;
  }
  const content_t *c = &contents[content_id];
  for (int attempt = 0;; attempt++) {
    if (attempt > 10000) {
      fprintf(stderr, "error: no layout for content %d\n", content_id);
      exit(3);
    }
    int used = 0;
    if (c->aligned_count > 0) { /* art. 4.5 */
      const int *lines = disjoint[c->aligned_count][below(st, (uint32_t)n_disjoint[c->aligned_count])];
      int k = 0;
      for (int s = 0; s < 6; s++) {
        if (!(c->aligned & (1 << s))) continue;
        const int *line = LINES[lines[k++]];
        for (int i = 0; i < 3; i++) {
          g[line[i]] = (uint8_t)s;
          used |= 1 << line[i];
        }
      }
    }
    int freec[9], nFree = 0;
    for (int cell = 0; cell < 9; cell++)
      if (!(used & (1 << cell))) freec[nFree++] = cell;
    int placed = 3 * (c->combos - c->aligned_count) + extra_cells;
    for (int i = 0; i < placed; i++) {
      int j = i + (int)below(st, (uint32_t)(nFree - i));
      int t = freec[i];
      freec[i] = freec[j];
      freec[j] = t;
    }
    int pos = 0, ok = 1;
    for (int s = 0; s < 6 && ok; s++) {
      if (!(c->symbols & (1 << s)) || (c->aligned & (1 << s))) continue;
      int mask = (1 << freec[pos]) | (1 << freec[pos + 1]) | (1 << freec[pos + 2]);
      if (line_of_mask[mask] >= 0) ok = 0; /* art. 4.4 "non alignés" */
      for (int k = 0; k < 3; k++) g[freec[pos++]] = (uint8_t)s;
    }
    if (!ok) continue;
    for (int k = 0; k < extra_cells; k++) g[freec[pos++]] = EXTRA;
    nPool = 0;
    for (int s = 0; s < 6; s++) {
      if (c->symbols & (1 << s)) continue;
      pool[nPool++] = s;
      pool[nPool++] = s;
    }
    for (; pos < nFree; pos++) {
      uint32_t j = below(st, (uint32_t)nPool);
      g[freec[pos]] = (uint8_t)pool[j];
      pool[j] = pool[--nPool];
    }
    return;
  }
}
/* buf: [Extra stages, main grid 9 cells, each stage 9 cells] */
static void generate(int level, stream_t *st, uint8_t *buf) {
  const level_pres_t *lp = &levels[level];
  int pick = 0;
  if (lp->n > 1) {
    double r = unit01(st) * lp->cumulative[lp->n - 1];
    int lo = 0, hi = lp->n - 1;
    while (lo < hi) {
      int mid = (lo + hi) / 2;
      if (lp->cumulative[mid] > r) hi = mid;
      else lo = mid + 1;
    }
    pick = lo;
  }
  const pres_t *p = &lp->list[pick];
  int e = p->extras, stage_order[3];
  buf[0] = (uint8_t)e;
  fill_grid(buf + 1, p->grids[0], e, st);
  for (int i = 0; i < e; i++) stage_order[i] = p->grids[i + 1];
  for (int i = e - 1; i > 0; i--) { /* art. 4.6: stages in an order the player cannot guess */
    int j = (int)below(st, (uint32_t)(i + 1));
    int t = stage_order[i];
    stage_order[i] = stage_order[j];
    stage_order[j] = t;
  }
  for (int i = 0; i < e; i++) fill_grid(buf + 1 + 9 * (i + 1), stage_order[i], 0, st);
}

/* ---- evaluator (art. 4.4–4.8, M1, M2): re-derives the lot from the cells alone (R4) ---- */
static int64_t score_grid(const uint8_t *g, int is_stage, int *extras_out) {
  int count[7] = {0};
  for (int i = 0; i < 9; i++) {
    if (g[i] > EXTRA) return -4;
    count[g[i]]++;
  }
  if (is_stage && count[EXTRA]) return -2; /* M2 */
  *extras_out = count[EXTRA];
  int64_t total = 0;
  for (int s = 0; s < 6; s++) {
    if (count[s] == 3) {
      int mask = 0;
      for (int i = 0; i < 9; i++)
        if (g[i] == s) mask |= 1 << i;
      total += line_of_mask[mask] >= 0 ? gains[s] * 2 : gains[s]; /* art. 4.5 */
    } else if (count[s] > 3) {
      return -1; /* M1 */
    }
  }
  return total;
}
static int64_t evaluate(const uint8_t *buf) {
  int stages = 0, dummy;
  int64_t total = score_grid(buf + 1, 0, &stages);
  if (total < 0) return total;
  if (stages != buf[0]) return -3; /* art. 4.6 */
  for (int g = 1; g <= stages; g++) {
    int64_t v = score_grid(buf + 1 + 9 * g, 1, &dummy);
    if (v < 0) return v;
    total += v;
  }
  return total;
}

/* ---- SHA-256 (FIPS 180-4) ---- */
static const uint32_t K256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
    0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
    0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
    0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
    0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
static void sha256_block(uint32_t *h, const uint8_t *p) {
  uint32_t w[64];
  for (int i = 0; i < 16; i++) w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
  for (int i = 16; i < 64; i++) {
    uint32_t s0 = ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ (w[i - 15] >> 3);
    uint32_t s1 = ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
  for (int i = 0; i < 64; i++) {
    uint32_t t1 = hh + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) + ((e & f) ^ (~e & g)) + K256[i] + w[i];
    uint32_t t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
    hh = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
}
static void sha256(const uint8_t *data, size_t len, uint8_t out[32]) {
  uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  size_t i = 0;
  for (; i + 64 <= len; i += 64) sha256_block(h, data + i);
  uint8_t tail[128] = {0};
  size_t rest = len - i;
  memcpy(tail, data + i, rest);
  tail[rest] = 0x80;
  size_t n = rest + 9 <= 64 ? 64 : 128;
  uint64_t bits = (uint64_t)len * 8;
  for (int k = 0; k < 8; k++) tail[n - 1 - k] = (uint8_t)(bits >> (8 * k));
  for (size_t k = 0; k < n; k += 64) sha256_block(h, tail + k);
  for (int k = 0; k < 8; k++) {
    out[4 * k] = (uint8_t)(h[k] >> 24);
    out[4 * k + 1] = (uint8_t)(h[k] >> 16);
    out[4 * k + 2] = (uint8_t)(h[k] >> 8);
    out[4 * k + 3] = (uint8_t)h[k];
  }
}

/* ---- one block: placement, generation, evaluation, tallies, records, digest ---- */
static uint8_t records[SEGMENT_UNITS * 41];
static uint8_t seg_digests[(BLOCK_UNITS / SEGMENT_UNITS) * 32];

static int run_block(int stake_cents, uint32_t seed, const int64_t *amounts, int with_digest, char *digest_hex) {
  char text[64];
  snprintf(text, sizeof text, "mine-d-or|%d|%u|v1", stake_cents, seed);
  perm_init(hash_string32(text, 0x51ed270bu));
  uint32_t unit_key = hash_string32(text, 0x2545f491u);
  int32_t starts[N_LEVELS + 1];
  int32_t lots = 0;
  for (int l = 0; l < N_LEVELS; l++) lots += LOTS[l];
  int32_t losing = BLOCK_UNITS - lots, s = losing;
  for (int l = 0; l < N_LEVELS; l++) {
    starts[l] = s;
    s += LOTS[l];
  }
  starts[N_LEVELS] = s;
  int64_t counts[N_LEVELS + 1] = {0}, paid = 0;
  int64_t mismatches = 0;
  uint8_t buf[1 + 9 * 4];
  stream_t st;
  size_t rec = 0;
  int seg = 0;
  for (uint32_t i = 0; i < BLOCK_UNITS; i++) {
    uint32_t slot = forward(i);
    int level = N_LEVELS;
    if (slot >= (uint32_t)losing) {
      level = 0;
      while (slot >= (uint32_t)starts[level + 1]) level++;
    }
    reseed(&st, unit_key, i);
    generate(level, &st, buf);
    int64_t cents = evaluate(buf);
    if (cents != amounts[level]) mismatches++;
    else counts[level]++;
    if (cents > 0) paid += cents;
    if (with_digest) {
      uint32_t prize = (uint32_t)amounts[level];
      records[rec] = (uint8_t)prize;
      records[rec + 1] = (uint8_t)(prize >> 8);
      records[rec + 2] = (uint8_t)(prize >> 16);
      records[rec + 3] = (uint8_t)(prize >> 24);
      size_t n = 1 + 9 * ((size_t)buf[0] + 1);
      memcpy(records + rec + 4, buf, n);
      rec += 4 + n;
      if ((i + 1) % SEGMENT_UNITS == 0) {
        sha256(records, rec, seg_digests + 32 * seg++);
        rec = 0;
      }
    }
  }
  int ok = mismatches == 0;
  for (int l = 0; l < N_LEVELS; l++) ok = ok && counts[l] == LOTS[l];
  ok = ok && counts[N_LEVELS] == losing;
  if (with_digest) {
    uint8_t d[32];
    sha256(seg_digests, (size_t)seg * 32, d);
    for (int k = 0; k < 32; k++) sprintf(digest_hex + 2 * k, "%02x", d[k]);
  }
  return ok;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int stake = 50, blocks = 1, with_digest = 1;
  unsigned long long seed = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--stake") && i + 1 < argc) stake = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--blocks") && i + 1 < argc) blocks = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--no-digest")) with_digest = 0;
    else {
      fprintf(stderr, "error: unknown argument \"%s\": expected --stake 50|100|200, --seed S, --blocks K, --no-digest\n", argv[i]);
      return 2;
    }
  }
  if (stake != 50 && stake != 100 && stake != 200) {
    fprintf(stderr, "error: stake %d cents: expected 50, 100 or 200 (art. 2)\n", stake);
    return 2;
  }
  if (blocks < 1 || seed > 0xffffffffull || seed + (unsigned long long)blocks - 1 > 0xffffffffull) {
    fprintf(stderr, "error: --blocks must be at least 1 and seeds S..S+K-1 must stay within 0..4294967295\n");
    return 2;
  }
  int64_t amounts[N_LEVELS + 1];
  init_disjoint();
  prepare(stake, amounts);
  char *hexes = calloc((size_t)blocks, 65);
  int all_ok = 1;
  double t0 = now();
  clock_t c0 = clock();
  for (int b = 0; b < blocks; b++) all_ok &= run_block(stake, (uint32_t)(seed + b), amounts, with_digest, hexes + 65 * b);
  double secs = now() - t0;
  double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
  double units = (double)blocks * BLOCK_UNITS;
  printf("{\"stake_cents\":%d,\"first_seed\":%llu,\"blocks\":%d,\"units\":%.0f,\"seconds\":%.6f,\"units_per_second\":%.0f,", stake, seed,
         blocks, units, secs, units / secs);
  printf("\"cpu_seconds\":%.6f,\"units_per_cpu_second\":%.0f,", cpu, units / cpu);
  if (with_digest) {
    printf("\"digest\":\"%s\",\"digests\":[", hexes);
    for (int b = 0; b < blocks; b++) printf("%s\"%s\"", b ? "," : "", hexes + 65 * b);
    printf("],");
  } else {
    printf("\"digest\":null,\"digests\":null,");
  }
  printf("\"audit_ok\":%s}\n", all_ok ? "true" : "false");
  free(hexes);
  return all_ok ? 0 : 1;
}
