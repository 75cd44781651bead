/* Exact solving and random playouts from any native state (Core). Included by _game.c.
 *
 * The solver is negamax alpha-beta to the end of every line, driven by MTD(f) (null-window
 * searches converging on the value), over the same turn cycle as the native state
 * (finish_move, begin_turn: end conditions and scoring as the turn records give them). A
 * memory-bounded transposition table keeps lower and upper bounds per position (no depth:
 * every bound is exact to the end of the game). Moves are ordered by the table's best move,
 * then moves that keep the turn, then the score margin after the move, then the history of
 * cuts by their start pit; children already bounded by the table are tried for a cut first
 * (enhanced transposition cut-off).
 *
 * The value is the mover's final score margin (the scoring block's counts); a game whose
 * result does not follow the scores (an end condition naming a loser) is worth +-win.
 * Games that end on repetition (the value would depend on the history) or whose moves ask a
 * decision are left to the Python solver (SOLVE_UNSUPPORTED). Like the kernel, it knows no game.
 */

#include <stddef.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

enum { SOLVE_UNSUPPORTED = 100, SOLVE_TOO_DEEP };

/* One table entry: the position (packed exactly when it fits 128 bits, else two 64-bit
 * hashes), bounds on its value, the best start's index and the log2 of the work below it. */
typedef struct {
    uint64_t a, b;
    int16_t lo, hi;
    uint8_t best, work;  /* work 0: empty */
} Entry;

#define BUCKET 4
#define SOLVE_INF 32000

/* A ply's scratch (on the heap: lines can be thousands of plies deep). */
struct Ply {
    GameState *kids;
    int cap;
    int *order, *rank, *known;
    uint64_t *ca, *cb;
};

typedef struct {
    Runner *r;
    int win;
    Entry *table;
    size_t buckets, max_buckets;  /* powers of two */
    long long nodes, next_report;
    size_t used;
    int exact, width, stage_bits, limit_bits, status;
    int relative, store[2], value;  /* keys without the stores, values net of them (store_blind) */
    long long history[2][MAX_SLOTS];  /* per player and start pit: work below the cuts it gave */
    struct Ply *ply;  /* per ply: the children of the node searched there, their keys, order */
    int plies;
    PyObject *progress;
    const GameState *root;  /* the position solved: progress reports its bounds */
    int lo, hi;  /* what MTD(f) has proved of the root's value so far (the mover's view) */
    /* the endgame table: exact values (net of the stores) of positions with at most eg_k pieces
     * on the board's pits, filled as the search meets them (see eg_value) */
    uint8_t *eg;
    size_t eg_n;  /* positions per player to move */
    int eg_k, eg_pits;
    uint64_t *eg_rank;  /* [pits left - 1][budget][count]: positions ranked before */
    long long eg_filled;
} Solver;

static int bits_for(long n) {
    int b = 0;
    while (n > 0) { b++; n >>= 1; }
    return b ? b : 1;
}

static uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The position's key: mover, stage, board, stock (and moves played where a move limit ends
 * the game). Marks are left out: Core_solve refuses the games whose marks change after a
 * move, those played in rounds and those with several kinds of piece. */
static void solver_key(const Solver *S, const Pos *s, uint64_t *a, uint64_t *b) {
    int ns = S->r->ns;
    if (S->exact) {
        uint64_t lo = 0, hi = 0;
        int at = 0;
#define PUT(v, w) do { uint64_t x_ = (uint64_t)(v); int w_ = (w); \
        if (at < 64) { lo |= x_ << at; if (at + w_ > 64) hi |= x_ >> (64 - at); } else hi |= x_ << (at - 64); \
        at += w_; } while (0)
        PUT(s->mover, 1);
        if (S->stage_bits) PUT(s->stage, S->stage_bits);
        if (S->limit_bits) PUT(s->moves_played, S->limit_bits);
        for (int i = 0; i < ns; i++)
            if (!S->relative || (i != S->store[0] && i != S->store[1])) PUT(s->board[i], S->width);
        PUT(s->stock[0], S->width);
        PUT(s->stock[1], S->width);
#undef PUT
        *a = lo;
        *b = hi;
        return;
    }
    uint64_t h1 = 0x9e3779b97f4a7c15ULL * (uint64_t)(s->mover + 1), h2 = 0x632be59bd9b4e019ULL + (uint64_t)s->stage;
    h1 ^= (uint64_t)s->stage << 32;
    if (S->limit_bits) h2 ^= (uint64_t)s->moves_played << 20;
    for (int i = 0; i < ns + 2; i++) {
        if (S->relative && (i == S->store[0] || i == S->store[1])) continue;
        uint64_t v = (uint64_t)(uint32_t)(i < ns ? s->board[i] : s->stock[i - ns]);
        h1 = mix64(h1 ^ (v + 0x9e3779b97f4a7c15ULL * (uint64_t)(i + 1)));
        h2 = mix64(h2 + v * 0xff51afd7ed558ccdULL + (uint64_t)i);
    }
    *a = h1;
    *b = h2;
}

/* Zeroed memory; pages are zeroed as they are first touched, huge pages where the system
 * allows them (fewer faults and TLB misses on random probes). */
static void *table_alloc_bytes(size_t bytes) {
#ifdef __linux__
    void *table = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (table == MAP_FAILED) return NULL;
    if (bytes >= (8u << 20)) madvise(table, bytes, MADV_HUGEPAGE);
    return table;
#else
    return calloc(bytes, 1);
#endif
}

static void table_free_bytes(void *table, size_t bytes) {
    if (!table) return;
#ifdef __linux__
    munmap(table, bytes);
#else
    (void)bytes;
    free(table);
#endif
}

static Entry *table_alloc(size_t buckets) { return table_alloc_bytes(buckets * BUCKET * sizeof(Entry)); }

static void table_free(Entry *table, size_t buckets) { table_free_bytes(table, buckets * BUCKET * sizeof(Entry)); }

static void tt_store(Solver *S, uint64_t a, uint64_t b, int lo, int hi, int d, int best, long long work);

/* Twice the buckets, every entry moved over (when half full and under the bound); a table
 * that cannot grow just keeps replacing. */
static void tt_grow(Solver *S) {
    size_t old_n = S->buckets;
    Entry *old = S->table, *table = table_alloc(2 * old_n);
    if (!table) { S->max_buckets = old_n; return; }
    S->table = table;
    S->buckets = 2 * old_n;
    S->used = 0;
    for (size_t i = 0; i < old_n * BUCKET; i++) {
        Entry *e = old + i;
        if (!e->work) continue;
        Entry *slot = S->table + (mix64(e->a ^ mix64(e->b)) & (S->buckets - 1)) * BUCKET;
        int j = 0;
        while (j < BUCKET && slot[j].work) j++;
        if (j == BUCKET) continue;
        slot[j] = *e;
        S->used++;
    }
    table_free(old, old_n);
}

static Entry *tt_bucket(const Solver *S, uint64_t a, uint64_t b) {
    return S->table + (mix64(a ^ mix64(b)) & (S->buckets - 1)) * BUCKET;
}

static Entry *tt_find(Solver *S, uint64_t a, uint64_t b) {
    Entry *e = tt_bucket(S, a, b);
    for (int j = 0; j < BUCKET; j++)
        if (e[j].work && e[j].a == a && e[j].b == b) return e + j;
    return NULL;
}

/* The part of a position's value (its mover's view) its stores give, where the table keeps
 * values net of it (see store_blind). */
static int solver_offset(const Solver *S, const Pos *s) {
    if (!S->relative) return 0;
    return S->value * (s->board[S->store[s->mover]] - s->board[S->store[1 - s->mover]]);
}

/* An entry's bounds for a position whose stores give d (no bound stays no bound). */
static int tt_lo(const Entry *e, int d) { return e->lo <= -SOLVE_INF ? -SOLVE_INF : e->lo + d; }
static int tt_hi(const Entry *e, int d) { return e->hi >= SOLVE_INF ? SOLVE_INF : e->hi + d; }

/* Bounds lo..hi on the value of a position whose stores give d. */
static void tt_store(Solver *S, uint64_t a, uint64_t b, int lo, int hi, int d, int best, long long work) {
    if (lo > -SOLVE_INF) lo -= d;
    if (hi < SOLVE_INF) hi -= d;
    Entry *e = tt_bucket(S, a, b), *slot = NULL;
    int w = bits_for(work) + 1;
    if (w > 255) w = 255;
    for (int j = 0; j < BUCKET; j++) {
        if (e[j].work && e[j].a == a && e[j].b == b) {  /* both bounds hold: keep the tighter */
            if (lo > e[j].lo) e[j].lo = (int16_t)lo;
            if (hi < e[j].hi) e[j].hi = (int16_t)hi;
            e[j].best = (uint8_t)best;
            if (w > e[j].work) e[j].work = (uint8_t)w;
            return;
        }
        if (!slot || e[j].work < slot->work) slot = e + j;  /* empty first, then the least work */
    }
    if (!slot->work && ++S->used > S->buckets * BUCKET / 2 && S->buckets < S->max_buckets) {
        tt_grow(S);
        tt_store(S, a, b, lo, hi, 0, best, work);
        return;
    }
    slot->a = a;
    slot->b = b;
    slot->lo = (int16_t)lo;
    slot->hi = (int16_t)hi;
    slot->best = (uint8_t)best;
    slot->work = (uint8_t)w;
}

/* A finished game's value for `me`: the margin, or +-win where the result goes against it. */
static int solver_utility(const Solver *S, const GameState *g, int me) {
    const int st = g->pos.stage, *P = S->r->stages[st]->p, *T = S->r->turn[st];
    int margin = score_of(P, T, &g->pos, me) - score_of(P, T, &g->pos, 1 - me);
    int ret = g->ret[me];
    if ((ret > 0) == (margin > 0) && (ret < 0) == (margin < 0)) return margin;
    return ret * S->win;
}

/* The state after legal start i of g (a game whose moves ask nothing); G_OK or a status. */
static int solver_child(Runner *r, const GameState *g, int i, GameState *c) {
    const int *P = r->stages[g->pos.stage]->p;
    int mask = g->masks[i], d = -9, nd = 0;
    for (int j = LATER; j <= CW; j++) if (mask >> (j + 1) & 1) { d = j; nd++; }
    int ki = nd == 1 ? start_kind(P, mask, d, g->legal_kind) : g->legal_kind;
    if (nd != 1 || P[P[P[H_KINDS] + ki] + K_ASK_DIRECTION]) return SOLVE_UNSUPPORTED;
    pos_copy(&c->pos, &g->pos, r->ns);
    c->round = g->round;
    c->last_mover = g->last_mover;
    c->starts = g->starts;
    c->terminal = 0;
    c->ret[0] = c->ret[1] = 0;
    move_init(r->m, NULL, 0, ASK_STOP);
    int res = play(P, &c->pos, ki, g->pits[i], d, r->m, 0);
    if (res == P_NEED) return SOLVE_UNSUPPORTED;
    if (res != P_DONE) return res == P_ENDLESS ? G_ENDLESS : G_BAD;
    return finish_move(r, c);
}

static int solver_room(Solver *S, int ply, int n) {
    if (ply >= S->plies) {
        int plies = 2 * S->plies + 64;
        struct Ply *p = realloc(S->ply, plies * sizeof *p);
        if (!p) return -1;
        memset(p + S->plies, 0, (plies - S->plies) * sizeof *p);
        S->ply = p;
        S->plies = plies;
    }
    struct Ply *p = S->ply + ply;
    if (p->cap < n) {
        GameState *k = realloc(p->kids, (size_t)n * sizeof(GameState));
        if (!k) return -1;
        memset(k + p->cap, 0, (size_t)(n - p->cap) * sizeof(GameState));
        p->kids = k;
        int *ints = realloc(p->order, 3 * (size_t)n * sizeof(int));
        if (!ints) return -1;
        p->order = ints;
        uint64_t *keys = realloc(p->ca, 2 * (size_t)n * sizeof(uint64_t));
        if (!keys) return -1;
        p->ca = keys;
        p->cap = n;
    }
    p->rank = p->order + p->cap;
    p->known = p->rank + p->cap;
    p->cb = p->ca + p->cap;
    return 0;
}

static int solver_report(Solver *S) {
    if (PyErr_CheckSignals() < 0) return -1;
    if (S->progress && S->progress != Py_None) {
        PyObject *out = PyObject_CallFunction(S->progress, "Lii", S->nodes, S->lo, S->hi);
        if (!out) return -1;
        Py_DECREF(out);
    }
    return 0;
}

#define ORDER_FIRST (1 << 29)  /* a finished game that raises alpha */
#define ORDER_LAST (-(1 << 29))  /* known to fail low */

#define MAX_PLIES 10000

/* ---------------------------------------------------------------- the endgame table
 *
 * In a store-blind game with no stock, stage or move limit in play, a position with at most
 * eg_k pieces on the pits is ranked among all such boards (the combinatorial number system)
 * and its exact value, net of the stores, kept in one byte: 0 unknown, 1 being computed, else
 * value + 128. Each entry is computed once, from its children's exact values, the first time
 * the search reaches it; every later visit (every MTD(f) pass, every transposition) reads it. */

#define EG_BUSY 1

static size_t eg_index(const Solver *S, const Pos *s) {
    if (!S->eg || s->stock[0] || s->stock[1] || s->stage) return (size_t)-1;
    int budget = S->eg_k, L = S->eg_pits;
    size_t rank = 0;
    for (int i = 0; i < L; i++) {
        int b = s->board[i];
        if (b > budget) return (size_t)-1;
        if (i < L - 1) rank += S->eg_rank[((size_t)(L - 2 - i) * (S->eg_k + 1) + budget) * (S->eg_k + 2) + b];
        else rank += (size_t)b;
        budget -= b;
    }
    return (size_t)s->mover * S->eg_n + rank;
}

static void eg_free(Solver *S) {
    table_free_bytes(S->eg, 2 * S->eg_n);
    free(S->eg_rank);
}

static int solver_child(Runner *r, const GameState *g, int i, GameState *c);
static int solver_utility(const Solver *S, const GameState *g, int me);
static int solver_search(Solver *S, GameState *g, uint64_t ka, uint64_t kb, int ply, int alpha, int beta);
static void solver_key(const Solver *S, const Pos *s, uint64_t *a, uint64_t *b);
static int solver_room(Solver *S, int ply, int n);

/* The exact value of g (not finished, in the table at idx) for its mover. */
static int eg_value(Solver *S, GameState *g, size_t idx, int ply) {
    int d = solver_offset(S, &g->pos), byte = S->eg[idx];
    if (byte > EG_BUSY) return byte - 128 + d;
    if (byte == EG_BUSY || ply >= MAX_PLIES) { S->status = SOLVE_TOO_DEEP; return 0; }  /* a cycle */
    S->eg[idx] = EG_BUSY;
    int n = g->n_legal, me = g->pos.mover, best = -SOLVE_INF, status;
    if (solver_room(S, ply, n)) { S->status = G_NOMEM; return 0; }
    S->nodes++;
    for (int i = 0; i < n; i++) {
        GameState *c = S->ply[ply].kids + i;
        if ((status = solver_child(S->r, g, i, c)) != G_OK) { S->status = status; return 0; }
        int v;
        if (c->terminal) {
            v = solver_utility(S, c, me);
        } else {
            size_t ci = eg_index(S, &c->pos);
            if (ci != (size_t)-1) {
                v = eg_value(S, c, ci, ply + 1);
            } else {  /* more pieces than the table holds: a full-window search is exact */
                uint64_t a, b;
                solver_key(S, &c->pos, &a, &b);
                v = solver_search(S, c, a, b, ply + 1, -SOLVE_INF, SOLVE_INF);
            }
            if (c->pos.mover != me) v = -v;
        }
        if (S->status != G_OK) return 0;
        if (v > best) best = v;
    }
    if (best - d < -126 || best - d > 127) { S->status = G_BAD; return 0; }
    S->eg[idx] = (uint8_t)(best - d + 128);
    S->eg_filled++;
    return best;
}

/* The table for boards of at most k pieces on the pits, the largest within `bytes`. */
static void eg_init(Solver *S, double bytes, int total) {
    Runner *r = S->r;
    int L = r->stages[0]->p[H_NPITS];
    if (!S->relative || r->nstages > 1 || S->limit_bits || L < 2 || L > 64) return;
    int most = 120 / (S->value < 0 ? -S->value : S->value);
    if (total < most) most = total;
    /* C(k + L, L) boards per player to move */
    int k = 0;
    double boards = 1;
    for (int t = 1; t <= most; t++) {
        double next = boards * (t + L) / t;
        if (2 * next > bytes) break;
        boards = next;
        k = t;
    }
    if (k < 2) return;
    size_t n = (size_t)(boards + 0.5);
    uint64_t *rank = calloc((size_t)(L - 1) * (k + 1) * (k + 2), sizeof(uint64_t));
    uint8_t *eg = rank ? (uint8_t *)table_alloc_bytes(2 * n) : NULL;
    if (!eg) { free(rank); return; }
    /* boards of `rest` pits with at most t pieces: C(t + rest, rest) */
    for (int rest = 1; rest < L; rest++)
        for (int t = 0; t <= k; t++) {
            uint64_t *row = rank + ((size_t)(rest - 1) * (k + 1) + t) * (k + 2), sum = 0;
            for (int b = 0; b <= t; b++) {
                row[b] = sum;
                uint64_t c = 1;  /* C(t - b + rest, rest) */
                for (int j = 1; j <= rest; j++) c = c * (uint64_t)(t - b + j) / (uint64_t)j;
                sum += c;
            }
            row[t + 1] = sum;
        }
    S->eg = eg;
    S->eg_n = n;
    S->eg_k = k;
    S->eg_pits = L;
    S->eg_rank = rank;
}

/* A child's value for g's mover (c not finished). */
static int solver_descend(Solver *S, GameState *c, uint64_t a, uint64_t b, int me, int ply, int alpha, int beta);

/* Fail-soft negamax from the view of g's mover (g not finished). The table's best start is
 * played and searched before the other starts are generated: most nodes of a null-window
 * search are cut by it. */
static int solver_search(Solver *S, GameState *g, uint64_t ka, uint64_t kb, int ply, int alpha, int beta) {
    if (++S->nodes >= S->next_report) {
        S->next_report = S->nodes + (1 << 20);
        if (solver_report(S) < 0) { S->status = G_STOPPED; return 0; }
    }
    if (ply >= MAX_PLIES) { S->status = SOLVE_TOO_DEEP; return 0; }
    if (S->eg) {
        size_t idx = eg_index(S, &g->pos);
        if (idx != (size_t)-1) return eg_value(S, g, idx, ply);
    }
    int hint = -1, d = solver_offset(S, &g->pos);
    Entry *e = tt_find(S, ka, kb);
    if (e) {
        int lo = tt_lo(e, d), hi = tt_hi(e, d);
        if (lo >= beta || lo == hi) return lo;
        if (hi <= alpha) return hi;
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
        hint = e->best < g->n_legal ? e->best : -1;
    }
    int n = g->n_legal, me = g->pos.mover;
    if (solver_room(S, ply, n)) { S->status = G_NOMEM; return 0; }
    struct Ply *p = S->ply + ply;
    GameState *kids = p->kids;
    int *order = p->order, *rank = p->rank, *known = p->known;
    uint64_t *ca = p->ca, *cb = p->cb;
    long long before = S->nodes;
    int best = -SOLVE_INF, best_i = 0, a0 = alpha, status;
    if (hint >= 0) {
        GameState *c = kids + hint;
        if ((status = solver_child(S->r, g, hint, c)) != G_OK) { S->status = status; return 0; }
        int v;
        if (c->terminal) {
            v = solver_utility(S, c, me);
        } else {
            solver_key(S, &c->pos, ca + hint, cb + hint);
            v = solver_descend(S, c, ca[hint], cb[hint], me, ply, alpha, beta);
        }
        if (S->status != G_OK) return 0;
        best = v;
        best_i = hint;
        if (v > alpha) alpha = v;
        if (alpha >= beta) {
            tt_store(S, ka, kb, best, SOLVE_INF, d, best_i, S->nodes - before);
            return best;
        }
    }
    /* the other children, each one's table bucket fetched while the others are played */
    for (int i = 0; i < n; i++) {
        if (i == hint) continue;
        GameState *c = kids + i;
        if ((status = solver_child(S->r, g, i, c)) != G_OK) { S->status = status; return 0; }
        if (!c->terminal) {
            solver_key(S, &c->pos, ca + i, cb + i);
            const char *line = (const char *)tt_bucket(S, ca[i], cb[i]);
            __builtin_prefetch(line);
            __builtin_prefetch(line + 64);
        }
    }
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (i == hint) continue;
        GameState *c = kids + i;
        known[i] = SOLVE_INF;
        int score;
        if (c->terminal) {
            known[i] = solver_utility(S, c, me);
            score = known[i] > alpha ? ORDER_FIRST + known[i] : ORDER_LAST;
        } else {
            const int *P = S->r->stages[c->pos.stage]->p, *T = S->r->turn[c->pos.stage];
            int same = c->pos.mover == me;
            /* moves that keep the turn, then the margin after the move, then the history of cuts
             * (the log of the work they saved) */
            score = (score_of(P, T, &c->pos, me) - score_of(P, T, &c->pos, 1 - me) + (same ? 2 * S->win + 1 : 0)) * 64;
            for (long long h = S->history[me][g->pits[i]]; h; h >>= 1) score += 8;
            size_t ci = eg_index(S, &c->pos);
            Entry *ce = ci == (size_t)-1 ? tt_find(S, ca[i], cb[i]) : NULL;
            if (ci != (size_t)-1 && S->eg[ci] > EG_BUSY) {  /* exact, from the endgame table */
                int v = S->eg[ci] - 128 + solver_offset(S, &c->pos);
                known[i] = same ? v : -v;
                if (known[i] <= alpha) score = ORDER_LAST;
            } else if (ce) {  /* the child's bounds, from this node's view */
                int cd = solver_offset(S, &c->pos), clo = tt_lo(ce, cd), chi = tt_hi(ce, cd);
                int lo = same ? clo : -chi, hi = same ? chi : -clo;
                if (lo == hi || lo >= beta || hi <= alpha) known[i] = lo >= beta ? lo : hi;
                if (hi <= alpha) score = ORDER_LAST;  /* known to fail low: last */
            }
        }
        if (known[i] != SOLVE_INF && known[i] >= beta) {  /* enhanced transposition cut-off */
            tt_store(S, ka, kb, known[i], SOLVE_INF, d, i, S->nodes - before + 1);
            return known[i];
        }
        /* insertion by score, best first */
        int j = m++;
        while (j > 0 && rank[j - 1] < score) { rank[j] = rank[j - 1]; order[j] = order[j - 1]; j--; }
        rank[j] = score;
        order[j] = i;
    }
    for (int j = 0; j < m; j++) {
        int i = order[j], v;
        if (known[i] != SOLVE_INF) v = known[i];
        else v = solver_descend(S, kids + i, ca[i], cb[i], me, ply, alpha, beta);
        if (S->status != G_OK) return 0;
        if (v > best) {
            best = v;
            best_i = i;
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta) {
                    S->history[me][g->pits[i]] += S->nodes - before;
                    break;
                }
            }
        }
    }
    tt_store(S, ka, kb, best > a0 ? best : -SOLVE_INF, best < beta ? best : SOLVE_INF, d, best_i, S->nodes - before);
    return best;
}

static int solver_descend(Solver *S, GameState *c, uint64_t a, uint64_t b, int me, int ply, int alpha, int beta) {
    if (c->pos.mover == me) return solver_search(S, c, a, b, ply + 1, alpha, beta);
    return -solver_search(S, c, a, b, ply + 1, -beta, -alpha);
}

/* The exact value of g (not finished) by MTD(f) from `guess`. */
static int solver_mtdf(Solver *S, GameState *g, int guess, int lower, int upper) {
    int value = guess;
    uint64_t ka, kb;
    solver_key(S, &g->pos, &ka, &kb);
    while (lower < upper && S->status == G_OK) {
        int beta = value == lower ? value + 1 : value;
        value = solver_search(S, g, ka, kb, 0, beta - 1, beta);
        if (value < beta) upper = value;
        else lower = value;
        if (g == S->root) { S->lo = lower; S->hi = upper; }
    }
    return value;
}

/* A child's value from the parent mover's view, tested against `value` or exact (all). */
static int solver_child_value(Solver *S, GameState *c, int me, int lower, int upper, int guess) {
    if (c->terminal) return solver_utility(S, c, me);
    if (c->pos.mover == me) return solver_mtdf(S, c, guess, lower, upper);
    return -solver_mtdf(S, c, -guess, -upper, -lower);
}

/* ---------------------------------------------------------------- store-blind games
 *
 * Where no rule reads a store's count or takes pieces out of a store, and the score is the
 * store plus what the rules add to it, the value of a position is the mover's store lead
 * (times the scoring's factor) plus a function of everything else: positions that differ only
 * in their stores share one table entry, the table keeping values net of the stores. Proved
 * here from the stage programs, conservatively: any rule the check cannot see through keeps
 * the full key. */

static int slot_is_store(const int *P, int q) { return q != NONE && q >= P[H_NPITS]; }

static int values_hit_store(const int *P, const int *vals, long n) {
    for (long i = 0; i < n; i++) if (slot_is_store(P, vals[i])) return 1;
    return 0;
}

static int list_hits_store(const int *P, int at) { return values_hit_store(P, P + at + 1, P[at]); }

static int on_stores(const int *P, int node, int want);

/* The condition is `want` (0 false, 1 true) at every store, whatever the counts. */
static int on_stores(const int *P, int node, int want) {
    const int *c = P + node;
    int ns = P[H_NSLOTS], all = 1;
    switch (c[0]) {
    case C_TRUE:
        return want;
    case C_STORE:
        return c[1] == want;
    case C_ROW: case C_INSET:
        for (int q = P[H_NPITS]; q < ns; q++) {
            int in = c[0] == C_ROW ? P[P[H_ROW] + q] == c[1] : P[c[1] + q] != 0;
            all &= in == want;
        }
        return all;
    case C_NOT:
        return on_stores(P, c[1], !want);
    case C_AND: case C_OR:  /* AND is false (OR true) where one part is; else all parts must be */
        for (int i = 0; i < c[1]; i++) {
            int part = on_stores(P, c[2 + i], want);
            if (part && want == (c[0] == C_OR)) return 1;
            all &= part;
        }
        return all && c[1] > 0;
    }
    return 0;
}

/* Whether the condition's answer can depend on a store's count; `maybe`: its pit may be a store. */
static int reads_stores(const int *P, int node, int maybe) {
    if (node < 0) return 0;
    const int *c = P + node;
    int ns = P[H_NSLOTS];
    switch (c[0]) {
    case C_COUNT: case C_COUNT_BEFORE:
        return maybe;
    case C_AND: case C_OR:
        for (int i = 0; maybe && i < c[1]; i++)  /* constant at a store: only pits are read */
            if (on_stores(P, c[2 + i], c[0] == C_OR)) maybe = 0;
        for (int i = 0; i < c[1]; i++)
            if (reads_stores(P, c[2 + i], maybe)) return 1;
        return 0;
    case C_NOT:
        return reads_stores(P, c[1], maybe);
    case C_OPPOSITE: case C_BEHIND:
        return reads_stores(P, c[1], values_hit_store(P, P + P[c[0] == C_OPPOSITE ? H_OPP : H_BEHIND], ns));
    case C_NEXT:
        return reads_stores(P, c[1], values_hit_store(P, P + P[H_STEPS], 4L * ns));
    case C_ORIGIN:
        return reads_stores(P, c[1], 1);
    case C_COUNT_PITS:
        return reads_stores(P, c[1], list_hits_store(P, c[5]) || list_hits_store(P, c[6]));
    case C_OWN_SIDE: case C_OPPONENT_SIDE:
        return list_hits_store(P, P[P[H_OWN]]) || list_hits_store(P, P[P[H_OWN] + 1]);
    case C_TRUE: case C_SIDE: case C_ROW: case C_INSET: case C_STORE: case C_MARK: case C_LIFTED: case C_LAP:
    case C_STAGE: case C_STOCK: case C_STOCKS: case C_MOVES_PLAYED: case C_DIRECTION: case C_ON_BOARD:
    case C_CAPTURED: case C_MOVE_KIND:
        return 0;  /* the move so far, the stocks, the pits: never a store */
    }
    return 1;  /* a node this check does not know: assume it reads them */
}

static int ends_blind(const int *P, const int *T) {
    for (int i = 0; i < T[T_NENDS]; i++) {
        const int *e = P + P[T[T_ENDS] + i];
        if (e[E_RESULT] != RES_BY_SCORE || e[E_WINNER_NEEDS] >= 0) return 0;
        if (e[E_KIND] == END_SIDE_EMPTY) {
            if (list_hits_store(P, e[E_ARG1]) || list_hits_store(P, e[E_ARG2])) return 0;
        } else if (e[E_KIND] != END_NO_LEGAL_MOVE && e[E_KIND] != END_MOVE_LIMIT) {
            return 0;  /* majority, score reached, repetition: they read the scores or the history */
        }
    }
    for (int i = 0; i < T[T_NDURING]; i++) {
        const int *d = P + P[T[T_DURING] + i], *rec = P + P[P[H_DURING] + i];
        if (d[1] != RES_BY_SCORE || d[2] >= 0 || list_hits_store(P, rec[1]) || list_hits_store(P, rec[2])) return 0;
    }
    return 1;
}

static int moves_blind(const int *P) {
    int ns = P[H_NSLOTS];
    if (list_hits_store(P, P[P[H_OWN]]) || list_hits_store(P, P[P[H_OWN] + 1])) return 0;
    if (reads_stores(P, P[H_SKIP], 1) || reads_stores(P, P[H_STOP_WHEN], 1) || reads_stores(P, P[H_ASK_WHEN], 1))
        return 0;
    if (P[H_RELAY] && (reads_stores(P, P[H_RELAY_WHEN], 1) || !on_stores(P, P[H_RELAY_WHEN], 0)))
        return 0;  /* a relay from a store would lift it */
    for (int k = 0; k < P[H_NKINDS]; k++) {
        const int *x = P + P[P[H_KINDS] + k];
        if (reads_stores(P, x[K_REQUIRE], 1) || reads_stores(P, x[K_TEST], 1)) return 0;
        for (int p = 0; p < 2; p++) {
            const int *t = P + x[K_TABLE0 + p];
            for (int r = 0; r < t[0]; r++) if (slot_is_store(P, t[2 + 2 * r])) return 0;
        }
    }
    for (int i = 0; i < P[H_NCAPS]; i++) {
        const int *cap = P + P[P[H_CAPS] + i];
        /* a capture never fires at a store, never reaches one across the board or along a chain */
        if (reads_stores(P, cap[CP_WHEN], 1) || !on_stores(P, cap[CP_WHEN], 0)
            || reads_stores(P, cap[CP_ENTRY], 1) || reads_stores(P, cap[CP_NEAREST], 1)
            || values_hit_store(P, P + P[H_OPP], ns) || values_hit_store(P, P + P[H_BEHIND], ns))
            return 0;
        for (int j = 0; j < cap[CP_NSEL]; j++) {
            const int *sel = P + cap[CP_SELS + j];
            if (sel[0] == SEL_CHAIN && (reads_stores(P, sel[1], 1) || !on_stores(P, sel[1], 0))) return 0;
        }
        const int *chosen = cap + CP_SELS + cap[CP_NSEL];
        for (int c = 0; c < chosen[0]; c++) if (reads_stores(P, chosen[2 + 3 * c], 1)) return 0;
    }
    return 1;
}

/* Whether the table may key positions without their stores (S->store, S->value set). */
static int store_blind(Solver *S) {
    Runner *r = S->r;
    for (int st = 0; st < r->nstages; st++) {
        const int *P = r->stages[st]->p, *T = r->turn[st];
        int ns = P[H_NSLOTS], store[2];
        for (int p = 0; p < 2; p++) {
            int q = P[P[H_STORE] + p];
            store[p] = q >= 0 ? q : ns + q;
        }
        if (ns - P[H_NPITS] != 2 || store[0] == store[1] || !slot_is_store(P, store[0]) || !slot_is_store(P, store[1]))
            return 0;
        if (!(T[T_SCORE] & SCORE_STORE)) return 0;
        if (st && (store[0] != S->store[0] || store[1] != S->store[1] || T[T_VALUE] != S->value)) return 0;
        S->store[0] = store[0];
        S->store[1] = store[1];
        S->value = T[T_VALUE];
        if (reads_stores(P, T[T_FEED], 1) || reads_stores(P, T[T_EXTRA], 1) || reads_stores(P, T[T_UNTIL], 1))
            return 0;
        if (!ends_blind(P, T) || !moves_blind(P)) return 0;
    }
    return 1;
}

static int solver_init(Solver *S, Runner *r, const GameState *g, int win, double megabytes, PyObject *progress,
                       int share_stores, int endgame) {
    memset(S, 0, sizeof *S);
    S->r = r;
    S->win = win;
    S->progress = progress;
    S->next_report = 1 << 20;
    long total = (long)g->pos.stock[0] + g->pos.stock[1];
    for (int i = 0; i < r->ns; i++) total += g->pos.board[i];
    S->width = bits_for(total);
    S->stage_bits = r->nstages > 1 ? bits_for(r->nstages - 1) : 0;
    for (int st = 0; st < r->nstages; st++) {
        const int *P = r->stages[st]->p, *T = r->turn[st];
        for (int i = 0; i < T[T_NENDS]; i++) {
            const int *e = P + P[T[T_ENDS] + i];
            if (e[E_KIND] == END_MOVE_LIMIT) S->limit_bits = bits_for(e[E_ARG0]) > S->limit_bits ? bits_for(e[E_ARG0]) : S->limit_bits;
        }
    }
    S->relative = share_stores && store_blind(S);
    int negative = 0;
    for (int i = 0; i < r->ns; i++) negative |= g->pos.board[i] < 0;
    S->exact = !negative && 1 + S->stage_bits + S->limit_bits + (r->ns + 2 - 2 * S->relative) * S->width <= 128;
    if (endgame > 0) {  /* up to a quarter of the memory for the endgame table */
        eg_init(S, megabytes * 1e6 / 4, (int)(total < endgame ? total : endgame));
        if (S->eg) megabytes -= 2.0 * S->eg_n / 1e6;
    }
    size_t want = (size_t)(megabytes * 1e6 / (sizeof(Entry) * BUCKET)), most = 1;
    while (most * 2 <= want) most *= 2;
    S->max_buckets = most;
    S->buckets = most < 1024 ? most : 1024;  /* grows (doubling) as it fills, up to the bound */
    S->table = table_alloc(S->buckets);
    return S->table ? 0 : -1;
}

static void solver_free(Solver *S) {
    table_free(S->table, S->buckets);
    eg_free(S);
    for (int p = 0; p < S->plies; p++) {
        free(S->ply[p].kids);
        free(S->ply[p].order);
        free(S->ply[p].ca);
    }
    free(S->ply);

}

/* Core._solve(win, megabytes, all_moves, progress, share_stores)
 *   -> (value for the mover, [(action, value or None), ...], nodes, entries, exact keys,
 *       stores shared: positions keyed without their stores, see store_blind,
 *       pieces on the pits of the endgame table's positions (0: none), its entries filled)
 * Each start's value is exact with all_moves; otherwise a start has the position's value
 * when it reaches it, and None when it does not. progress, unless None, is called now and then
 * with (nodes, lower, upper): the bounds proved so far on the value (the mover's view). */
static PyObject *Core_solve(Core *self, PyObject *args) {
    int win, all_moves, share_stores = 1, endgame = 0;
    double megabytes;
    PyObject *progress;
    if (!PyArg_ParseTuple(args, "idpO|pi", &win, &megabytes, &all_moves, &progress, &share_stores, &endgame))
        return NULL;
    Runner *r = &self->stages->r;
    GameState *g = self->g;
    int marks_change = 0, rounds = 0;
    for (int i = 0; i < r->nstages; i++) {
        marks_change |= r->turn[i][T_MARKS] >= 0;
        rounds |= r->turn[i][T_ROUNDS] >= 0;
    }
    int several_kinds = g->pos.nk > 0;
    if (self->demoted || self->pending || g->race.on || r->uses_repetition || marks_change || rounds || several_kinds) {
        PyErr_SetString(PyExc_NotImplementedError, self->demoted ? "the state plays in Python"
                        : self->pending ? "a decision inside a move is pending"
                        : g->race.on ? "both players choose at once (no minimax value at a simultaneous node)"
                        : r->uses_repetition ? "the game ends on repetition (values depend on the history)"
                        : marks_change ? "marks change after a move (the solver's keys leave them out)"
                        : rounds ? "the game is played in rounds (the solver's keys leave the round out)"
                        : "several kinds of piece (the solver's keys leave the kinds out)");
        return NULL;
    }
    if (g->terminal) { PyErr_SetString(PyExc_ValueError, "the game is over"); return NULL; }
    if (win <= 0 || win >= SOLVE_INF / 4) { PyErr_SetString(PyExc_ValueError, "win out of range"); return NULL; }
    Solver S;
    if (solver_init(&S, r, g, win, megabytes, progress, share_stores, endgame)) { solver_free(&S); return PyErr_NoMemory(); }
    GameState *root = malloc(sizeof(GameState)), *kids = malloc((size_t)(g->n_legal ? g->n_legal : 1) * sizeof(GameState));
    int values[MAX_SLOTS], reach[MAX_SLOTS];
    int value = 0, n = g->n_legal;
    if (!root || !kids) { S.status = G_NOMEM; goto done; }
    memset(root, 0, sizeof *root);
    pos_copy(&root->pos, &g->pos, r->ns);
    root->feeding = g->feeding;
    root->legal_kind = g->legal_kind;
    root->n_legal = n;
    memcpy(root->aids, g->aids, n * sizeof(int));
    memcpy(root->pits, g->pits, n * sizeof(int));
    memcpy(root->masks, g->masks, n * sizeof(int));
    S.root = root;
    S.lo = -S.win;
    S.hi = S.win;
    value = solver_mtdf(&S, root, 0, -S.win, S.win);
    if (S.status == G_OK && solver_report(&S) < 0) S.status = G_STOPPED;  /* the value found */
    int me = root->pos.mover;
    for (int i = 0; i < n && S.status == G_OK; i++) {
        memset(kids + i, 0, sizeof(GameState));
        int status = solver_child(r, root, i, kids + i);
        if (status != G_OK) { S.status = status; break; }
        if (all_moves) {
            values[i] = solver_child_value(&S, kids + i, me, -S.win, S.win, value);
            reach[i] = values[i] == value;
        } else {  /* a null-window test: does this start keep the value? */
            values[i] = solver_child_value(&S, kids + i, me, value - 1, value, value);
            reach[i] = values[i] >= value;
        }
    }
done:;
    PyObject *out = NULL;
    if (S.status == SOLVE_UNSUPPORTED) {
        PyErr_SetString(PyExc_NotImplementedError, "a move asks a decision (the native solver plays none)");
    } else if (S.status == SOLVE_TOO_DEEP) {
        PyErr_Format(LimitError, "a line of play went past %d decisions (does the game cycle without a "
                     "repetition end?)", MAX_PLIES);
    } else if (S.status != G_OK) {
        if (!PyErr_Occurred()) runner_error(S.status);
    } else {
        PyObject *moves = PyList_New(n);
        for (int i = 0; moves && i < n; i++) {
            PyObject *v = all_moves || reach[i] ? PyLong_FromLong(all_moves ? values[i] : value) : Py_NewRef(Py_None);
            PyList_SET_ITEM(moves, i, Py_BuildValue("(iN)", g->aids[i], v));
        }
        if (moves) out = Py_BuildValue("(iNLnOOiL)", value, moves, S.nodes, (Py_ssize_t)S.used, S.exact ? Py_True : Py_False,
                                     S.relative ? Py_True : Py_False, S.eg ? S.eg_k : 0, S.eg_filled);
    }
    free(root);
    free(kids);
    solver_free(&S);
    return out;
}

/* Core._playout(seed, max_actions) -> (finished, South's result, South's margin, actions):
 * one random game from this state (as `playouts` plays them), the state itself unchanged. */
static PyObject *Core_playout(Core *self, PyObject *args) {
    unsigned long long seed;
    long max_actions;
    if (!PyArg_ParseTuple(args, "Kl", &seed, &max_actions)) return NULL;
    if (self->demoted || self->pending) {
        PyErr_SetString(PyExc_NotImplementedError, self->demoted ? "the state plays in Python"
                        : "a decision inside a move is pending");
        return NULL;
    }
    Runner *r = &self->stages->r;
    GameState *g = malloc(sizeof(GameState));
    if (!g) return PyErr_NoMemory();
    memcpy(g, self->g, offsetof(GameState, seen));
    memset(&g->seen, 0, sizeof g->seen);
    if (r->uses_repetition && seen_copy(&g->seen, &self->g->seen)) { free(g); return PyErr_NoMemory(); }
    Rng rng;
    rng_seed(&rng, seed);
    long actions = 0;
    int status = G_OK;
    for (int i = 0; i < r->nstages; i++) r->stages[i]->stopped = 0;
    while (status == G_OK && !g->terminal && actions < max_actions)
        status = random_action(r, g, &rng, &actions, NULL, NULL, 0);
    PyObject *out = NULL;
    if (status != G_OK) {
        runner_error(status);
    } else {
        const int st = g->pos.stage, *P = r->stages[st]->p, *T = r->turn[st];
        int margin = score_of(P, T, &g->pos, 0) - score_of(P, T, &g->pos, 1);
        out = Py_BuildValue("(Oiil)", g->terminal ? Py_True : Py_False, g->terminal ? g->ret[0] : 0, margin, actions);
    }
    if (r->uses_repetition) seen_free(&g->seen);
    free(g);
    return out;
}
