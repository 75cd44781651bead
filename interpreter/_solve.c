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
    long long history[2][MAX_SLOTS];  /* per player and start pit: work below the cuts it gave */
    struct Ply *ply;  /* per ply: the children of the node searched there, their keys, order */
    int plies;
    PyObject *progress;
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
 * the game). Marks never change in the games native code plays, so they are left out. */
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
        for (int i = 0; i < ns; i++) PUT(s->board[i], S->width);
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
        uint64_t v = (uint64_t)(uint32_t)(i < ns ? s->board[i] : s->stock[i - ns]);
        h1 = mix64(h1 ^ (v + 0x9e3779b97f4a7c15ULL * (uint64_t)(i + 1)));
        h2 = mix64(h2 + v * 0xff51afd7ed558ccdULL + (uint64_t)i);
    }
    *a = h1;
    *b = h2;
}

/* A zeroed table; pages are zeroed as they are first touched, huge pages where the system
 * allows them (fewer faults and TLB misses on random probes). */
static Entry *table_alloc(size_t buckets) {
    size_t bytes = buckets * BUCKET * sizeof(Entry);
#ifdef __linux__
    void *table = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (table == MAP_FAILED) return NULL;
    if (bytes >= (8u << 20)) madvise(table, bytes, MADV_HUGEPAGE);
    return table;
#else
    return calloc(buckets * BUCKET, sizeof(Entry));
#endif
}

static void table_free(Entry *table, size_t buckets) {
    if (!table) return;
#ifdef __linux__
    munmap(table, buckets * BUCKET * sizeof(Entry));
#else
    (void)buckets;
    free(table);
#endif
}

static void tt_store(Solver *S, uint64_t a, uint64_t b, int lo, int hi, int best, long long work);

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

static void tt_store(Solver *S, uint64_t a, uint64_t b, int lo, int hi, int best, long long work) {
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
        tt_store(S, a, b, lo, hi, best, work);
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
    if (nd != 1 || P[P[P[H_KINDS] + g->legal_kind] + K_ASK_DIRECTION]) return SOLVE_UNSUPPORTED;
    pos_copy(&c->pos, &g->pos, r->ns);
    c->terminal = 0;
    c->ret[0] = c->ret[1] = 0;
    move_init(r->m, NULL, 0, ASK_STOP);
    int res = play(P, &c->pos, g->legal_kind, g->pits[i], d, r->m, 0);
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
        PyObject *out = PyObject_CallFunction(S->progress, "L", S->nodes);
        if (!out) return -1;
        Py_DECREF(out);
    }
    return 0;
}

#define SOLVE_INF 32000
#define ORDER_FIRST (1 << 29)  /* a finished game that raises alpha */
#define ORDER_LAST (-(1 << 29))  /* known to fail low */

#define MAX_PLIES 10000

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
    int hint = -1;
    Entry *e = tt_find(S, ka, kb);
    if (e) {
        if (e->lo >= beta || e->lo == e->hi) return e->lo;
        if (e->hi <= alpha) return e->hi;
        if (e->lo > alpha) alpha = e->lo;
        if (e->hi < beta) beta = e->hi;
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
            tt_store(S, ka, kb, best, SOLVE_INF, best_i, S->nodes - before);
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
            Entry *ce = tt_find(S, ca[i], cb[i]);
            if (ce) {  /* the child's bounds, from this node's view */
                int lo = same ? ce->lo : -ce->hi, hi = same ? ce->hi : -ce->lo;
                if (lo == hi || lo >= beta || hi <= alpha) known[i] = lo >= beta ? lo : hi;
                if (hi <= alpha) score = ORDER_LAST;  /* known to fail low: last */
            }
        }
        if (known[i] != SOLVE_INF && known[i] >= beta) {  /* enhanced transposition cut-off */
            tt_store(S, ka, kb, known[i], SOLVE_INF, i, S->nodes - before + 1);
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
    tt_store(S, ka, kb, best > a0 ? best : -SOLVE_INF, best < beta ? best : SOLVE_INF, best_i, S->nodes - before);
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
    }
    return value;
}

/* A child's value from the parent mover's view, tested against `value` or exact (all). */
static int solver_child_value(Solver *S, GameState *c, int me, int lower, int upper, int guess) {
    if (c->terminal) return solver_utility(S, c, me);
    if (c->pos.mover == me) return solver_mtdf(S, c, guess, lower, upper);
    return -solver_mtdf(S, c, -guess, -upper, -lower);
}

static int solver_init(Solver *S, Runner *r, const GameState *g, int win, double megabytes, PyObject *progress) {
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
    int negative = 0;
    for (int i = 0; i < r->ns; i++) negative |= g->pos.board[i] < 0;
    S->exact = !negative && 1 + S->stage_bits + S->limit_bits + (r->ns + 2) * S->width <= 128;
    size_t want = (size_t)(megabytes * 1e6 / (sizeof(Entry) * BUCKET)), most = 1;
    while (most * 2 <= want) most *= 2;
    S->max_buckets = most;
    S->buckets = most < 1024 ? most : 1024;  /* grows (doubling) as it fills, up to the bound */
    S->table = table_alloc(S->buckets);
    return S->table ? 0 : -1;
}

static void solver_free(Solver *S) {
    table_free(S->table, S->buckets);
    for (int p = 0; p < S->plies; p++) {
        free(S->ply[p].kids);
        free(S->ply[p].order);
        free(S->ply[p].ca);
    }
    free(S->ply);

}

/* Core._solve(win, megabytes, all_moves, progress)
 *   -> (value for the mover, [(action, value or None), ...], nodes, entries, exact keys)
 * Each start's value is exact with all_moves; otherwise a start has the position's value
 * when it reaches it, and None when it does not. */
static PyObject *Core_solve(Core *self, PyObject *args) {
    int win, all_moves;
    double megabytes;
    PyObject *progress;
    if (!PyArg_ParseTuple(args, "idpO", &win, &megabytes, &all_moves, &progress)) return NULL;
    Runner *r = &self->stages->r;
    GameState *g = self->g;
    if (self->demoted || self->pending || r->uses_repetition) {
        PyErr_SetString(PyExc_NotImplementedError, self->demoted ? "the state plays in Python"
                        : self->pending ? "a decision inside a move is pending"
                        : "the game ends on repetition (values depend on the history)");
        return NULL;
    }
    if (g->terminal) { PyErr_SetString(PyExc_ValueError, "the game is over"); return NULL; }
    if (win <= 0 || win >= SOLVE_INF / 4) { PyErr_SetString(PyExc_ValueError, "win out of range"); return NULL; }
    Solver S;
    if (solver_init(&S, r, g, win, megabytes, progress)) { solver_free(&S); return PyErr_NoMemory(); }
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
    value = solver_mtdf(&S, root, 0, -S.win, S.win);
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
        if (moves) out = Py_BuildValue("(iNLnO)", value, moves, S.nodes, (Py_ssize_t)S.used, S.exact ? Py_True : Py_False);
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
        status = random_move(r, g, &rng, &actions, NULL, NULL, 0);
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
