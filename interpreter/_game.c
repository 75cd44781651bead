/* Whole games in C: interpreter/state.py's turn cycle (legal starts, the move with its inner
 * decisions, another turn, the next stage, end conditions, what happens to the pieces left,
 * the result) over the move kernel's stage programs. Included by _kernel.c, whose play,
 * find_legal and completes it drives; interpreter/native.py assembles the turn records and
 * decides which games it plays.
 *
 * Each stage program carries, after the kernel's blocks, a turn record (offset given by
 * Python): the conditions read between moves, the end conditions in the spec's order, the
 * scoring and the ends checked during a move. Like the kernel, it knows no game.
 */
#include <stdint.h>

#define NOT_ENDED (-2)
#define NOBODY (-1)

/* ---------------------------------------------------------------- random numbers */

/* xoshiro256** seeded through splitmix64: fast, and the same stream for the same seed on
 * every platform (it is not Python's Mersenne Twister: results differ from the Python path's). */
typedef struct { uint64_t s[4]; } Rng;

static uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void rng_seed(Rng *r, uint64_t seed) {
    for (int i = 0; i < 4; i++) r->s[i] = splitmix(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t rng_next(Rng *r) {
    uint64_t *s = r->s, out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 45);
    return out;
}

/* Uniform in 0..n-1 (n < 2^31; Lemire's multiply, bias below 2^-32). */
static int rng_below(Rng *r, int n) {
    return (int)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* ---------------------------------------------------------------- positions seen */

/* The positions seen since the last capture (the repetition end): keys in an arena, found
 * through an open-addressing table whose entries are stamped with a generation, so that
 * forgetting everything after a capture costs nothing. */
typedef struct {
    int width, count, cap, tcap;
    unsigned gen;
    int *keys;
    uint64_t *hashes;
    unsigned *stamp;
    int *slot;
} Seen;

static void seen_free(Seen *t) {
    free(t->keys); free(t->hashes); free(t->stamp); free(t->slot);
    memset(t, 0, sizeof *t);
}

static int seen_init(Seen *t, int width) {
    memset(t, 0, sizeof *t);
    t->width = width;
    t->cap = 64;
    t->tcap = 128;
    t->gen = 1;
    t->keys = malloc((size_t)t->cap * width * sizeof(int));
    t->hashes = malloc((size_t)t->cap * sizeof(uint64_t));
    t->stamp = calloc((size_t)t->tcap, sizeof(unsigned));
    t->slot = malloc((size_t)t->tcap * sizeof(int));
    if (!t->keys || !t->hashes || !t->stamp || !t->slot) { seen_free(t); return -1; }
    return 0;
}

static void seen_clear(Seen *t) {
    t->count = 0;
    if (++t->gen == 0) {  /* wrapped: forget the old stamps for real */
        memset(t->stamp, 0, (size_t)t->tcap * sizeof(unsigned));
        t->gen = 1;
    }
}

static uint64_t key_hash(const int *key, int width) {
    uint64_t h = 0x84222325cbf29ce4ULL;
    for (int i = 0; i < width; i++) {
        h ^= (uint32_t)key[i];
        h *= 0x100000001b3ULL;
        h ^= h >> 29;
    }
    return h;
}

static void seen_place(Seen *t, int entry) {
    size_t mask = (size_t)t->tcap - 1, i = t->hashes[entry] & mask;
    while (t->stamp[i] == t->gen) i = (i + 1) & mask;
    t->stamp[i] = t->gen;
    t->slot[i] = entry;
}

/* 1 if the key was seen already, 0 if it is new (and now remembered), -1 out of memory. */
static int seen_add(Seen *t, const int *key) {
    int w = t->width;
    uint64_t h = key_hash(key, w);
    size_t mask = (size_t)t->tcap - 1;
    for (size_t i = h & mask; t->stamp[i] == t->gen; i = (i + 1) & mask) {
        int e = t->slot[i];
        if (t->hashes[e] == h && !memcmp(t->keys + (size_t)e * w, key, (size_t)w * sizeof(int))) return 1;
    }
    if (t->count == t->cap) {
        int cap = t->cap * 2;
        int *keys = realloc(t->keys, (size_t)cap * w * sizeof(int));
        if (!keys) return -1;
        t->keys = keys;
        uint64_t *hashes = realloc(t->hashes, (size_t)cap * sizeof(uint64_t));
        if (!hashes) return -1;
        t->hashes = hashes;
        t->cap = cap;
    }
    memcpy(t->keys + (size_t)t->count * w, key, (size_t)w * sizeof(int));
    t->hashes[t->count] = h;
    int entry = t->count++;
    if (2 * t->count > t->tcap) {
        int tcap = t->tcap * 2;
        unsigned *stamp = calloc((size_t)tcap, sizeof(unsigned));
        int *slot = malloc((size_t)tcap * sizeof(int));
        if (!stamp || !slot) { free(stamp); free(slot); return -1; }
        free(t->stamp); free(t->slot);
        t->stamp = stamp; t->slot = slot; t->tcap = tcap; t->gen = 1;
        for (int e = 0; e < t->count; e++) seen_place(t, e);
    } else {
        seen_place(t, entry);
    }
    return 0;
}

/* ---------------------------------------------------------------- one game */

/* One player's part of the opening race (interpreter/race.py's Runner). */
typedef struct {
    int choosing, finished;  /* waiting to choose a start; the step the part ended (-1: it goes on) */
    int hand, at, laps, chosen;
    int origin, direction, kind, lifted, lap, last, captured;  /* the move so far (its MoveInfo) */
    int n_seq, lap_hand, seq[MAX_SLOTS];                        /* the lap being sown */
    int legal_kind, n_legal, aids[MAX_SLOTS], pits[MAX_SLOTS], masks[MAX_SLOTS];
} RacePart;

typedef struct {
    int on, step;
    RacePart part[2];
} Race;

typedef struct {
    Pos pos;
    int terminal, end_kind;
    int ret[2];
    int feeding;
    int legal_kind, n_legal;
    int aids[MAX_SLOTS], pits[MAX_SLOTS], masks[MAX_SLOTS];
    int round, last_mover;  /* rounds finished; who played the last move (-1: nobody yet) */
    int starts;             /* rounds begun since the last move (a guard against endless nesting) */
    Race race;              /* the opening race while it is run (race.on) */
    Seen seen;
} GameState;

/* What plays games: the stages' programs and turn records, and scratch space. */
typedef struct {
    Kernel *stages[MAX_STAGES];
    const int *turn[MAX_STAGES];
    int nstages, ns, uses_repetition, key_width;
    Move *m;
    int *prefix, *given;
    Move *look;        /* scratch for the look-ahead conditions (r->m holds the move they ask about) */
    int *look_prefix;
    int key[2 * MAX_SLOTS + 4 + MAX_KIND_CELLS];
    Pos work;
} Runner;

enum { G_OK, G_NOMEM, G_ENDLESS, G_STAGES, G_BAD, G_STOPPED, G_ROUNDS, G_LONG };

/* A fresh look-ahead budget: per position, as a call from Python has. */
static void budget(Kernel *k) {
    k->plays = 0;
    k->stopped = 0;
}


static int score_of(const int *P, const int *T, const Pos *s, int p) {
    int total = 0, ns = P[H_NSLOTS];
    if (s->nk) {  /* several kinds of piece: their values, in the store and in the own pits */
        if (T[T_SCORE] & SCORE_STORE) total += slot_points(P, s, slot_of(P[P[H_STORE] + p], ns));
        if (T[T_SCORE] & SCORE_OWN_PITS) {
            const int *own = P + P[P[H_OWN] + p];
            for (int i = 1; i <= own[0]; i++) total += slot_points(P, s, own[i]);
        }
        return total;
    }
    if (T[T_SCORE] & SCORE_STORE) {
        int q = P[P[H_STORE] + p];
        total += s->board[q >= 0 ? q : ns + q];  /* as Python indexes a list */
    }
    if (T[T_SCORE] & SCORE_OWN_PITS) {
        /* pits carrying an owned mark count for the mark's owner: never for the opponent, and
         * for their owner through SCORE_OWNED_MARKS when that is counted too (not twice) */
        int not_own = T[T_OWNED0 + 1 - p] | (T[T_SCORE] & SCORE_OWNED_MARKS ? T[T_OWNED0 + p] : 0);
        if (!not_own) total += side_sum(P, s, p);
        else
            for (int q = 0; q < P[H_NPITS]; q++)
                if (owner_at(P, s, q) == p && !(s->marks[q] & not_own)) total += s->board[q];
    }
    if (T[T_SCORE] & SCORE_STOCK) total += s->stock[p];
    if (T[T_SCORE] & SCORE_OWNED_MARKS)  /* pits carrying an owned mark of p's (T_OWNED0 + p: its bits) */
        for (int q = 0; q < P[H_NPITS]; q++)
            if (s->marks[q] & T[T_OWNED0 + p]) total += s->board[q];
    return total * T[T_VALUE];
}

static int begin_turn(Runner *r, GameState *g, int last_mover, int check_repetition);
static int race_begin(Runner *r, GameState *g);

/* rounds.next_round, after a round's end and its pieces left: every pit emptied into its
 * owner's store; then, unless the last round was played or a player cannot fill one pit,
 * the pits refilled in order (those left unfilled marked) and 1; else 0. */
static int next_round(Runner *r, const int *P, const int *R, GameState *g) {
    Pos *s = &g->pos;
    int ns = P[H_NSLOTS], per = R[RD_PER_PIT], store[2];
    for (int p = 0; p < 2; p++) {
        int q = P[P[H_STORE] + p];
        store[p] = q >= 0 ? q : ns + q;
        const int *own = P + P[P[H_OWN] + p];
        for (int i = 1; i <= own[0]; i++) {
            s->board[store[p]] += s->board[own[i]];
            s->board[own[i]] = 0;
        }
    }
    if (R[RD_MAX_ROUNDS] >= 0 && g->round + 1 >= R[RD_MAX_ROUNDS]) return 0;
    if (s->board[store[0]] < per || s->board[store[1]] < per) return 0;
    int first = R[RD_FIRST_PLAYER], last = g->last_mover >= 0 ? g->last_mover : 1 - first, starter;
    int s0 = s->board[store[0]], s1 = s->board[store[1]], winner = s0 > s1 ? 0 : s1 > s0 ? 1 : NOBODY;
    switch (R[RD_NEXT_PLAYER]) {
    case NEXT_FIRST_PLAYER: starter = first; break;
    case NEXT_ALTERNATE: starter = (g->round + 1) % 2 == 0 ? first : 1 - first; break;
    case NEXT_LAST_MOVER: starter = last; break;
    default: starter = winner == NOBODY ? 1 - last : R[RD_NEXT_PLAYER] == NEXT_WINNER ? winner : 1 - winner;
    }
    int held = R[RD_HELD0] | R[RD_HELD1], unfilled[2][MAX_SLOTS], n_unfilled[2] = {0, 0};
    for (int p = 0; p < 2; p++) {
        const int *fill = P + R[RD_FILL0 + p];
        for (int i = 1; i <= fill[0]; i++) {
            int q = fill[i];
            s->marks[q] &= ~held;  /* each round starts from the rows again */
            if (s->board[store[p]] >= per) {
                s->board[store[p]] -= per;
                s->board[q] = per;
                s->marks[q] &= ~R[RD_OUT_OF_PLAY];
            } else {
                unfilled[p][n_unfilled[p]++] = q;
            }
        }
    }
    if (held)  /* the pits a player could not fill pass to the opponent who can, in order */
        for (int p = 0; p < 2; p++) {
            int taker = 1 - p, i = 0;
            for (; i < n_unfilled[p] && s->board[store[taker]] >= per; i++) {
                int q = unfilled[p][i];
                s->board[store[taker]] -= per;
                s->board[q] = per;
                s->marks[q] = (s->marks[q] & ~R[RD_OUT_OF_PLAY]) | R[RD_HELD0 + taker];
            }
            memmove(unfilled[p], unfilled[p] + i, (size_t)(n_unfilled[p] - i) * sizeof(int));
            n_unfilled[p] -= i;
        }
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < n_unfilled[p]; i++) s->marks[unfilled[p][i]] |= R[RD_OUT_OF_PLAY];
    g->round++;
    s->stage = 0;
    s->mover = starter;
    seen_clear(&g->seen);
    (void)r;
    return 1;
}

/* endgame.finish: the pieces left, then the next round (in a game of rounds, while one can
 * be played) or the result; G_OK or a status. */
static int finish_game(Runner *r, const int *P, const int *T, GameState *g, int kind, int remaining, int result,
                       int winner_needs, int player) {
    Pos *s = &g->pos;
    int ns = P[H_NSLOTS];
    const int *store = P + P[H_STORE];
    if (remaining != REM_STAY) {
        /* Python indexes a two-item list with -1 (NOBODY) as its last item */
        int pl = player >= 0 ? player : 1, other = 1 - player;
        for (int q = 0; q < P[H_NPITS]; q++) {
            int n = s->board[q], o = owner_at(P, s, q), to;
            if (!n || (o == NONE && remaining == REM_TO_OWNER)) continue;
            s->board[q] = 0;
            if (remaining == REM_REMOVED) { s->removed += n; continue; }
            to = remaining == REM_TO_OWNER ? store[o] : remaining == REM_TO_PLAYER ? store[pl]
                 : remaining == REM_TO_FIRST ? store[T[T_FIRST]] : store[other > 1 ? 1 : other];
            s->board[to >= 0 ? to : ns + to] += n;
        }
    }
    if (T[T_ROUNDS] >= 0) {
        if (next_round(r, P, P + T[T_ROUNDS], g)) {
            if (++g->starts > MAX_ROUND_STARTS) return G_ROUNDS;
            return begin_turn(r, g, 1 - g->pos.mover, 0);
        }
        result = RES_BY_SCORE;
    }
    if (result == RES_BY_SCORE) {
        int s0 = score_of(P, T, s, 0), s1 = score_of(P, T, s, 1);
        g->ret[0] = s0 > s1 ? 1 : s1 > s0 ? -1 : 0;
    } else {
        int loser = result == RES_PLAYER_LOSES ? player : 1 - player;
        if (winner_needs >= 0 && score_of(P, T, s, player >= 0 ? 1 - player : 0) < winner_needs)
            loser = 1 - player;
        g->ret[0] = loser == 0 ? -1 : 1;
    }
    g->ret[1] = -g->ret[0];
    g->terminal = 1;
    g->end_kind = kind;
    g->n_legal = 0;
    return G_OK;
}

static int make_key(Runner *r, const Pos *s) {
    int ns = r->ns, *k = r->key;
    k[0] = s->mover;
    k[1] = s->stage;
    memcpy(k + 2, s->board, ns * sizeof(int));
    k[2 + ns] = s->stock[0];
    k[3 + ns] = s->stock[1];
    memcpy(k + 4 + ns, s->marks, ns * sizeof(int));
    if (s->nk) memcpy(k + 4 + 2 * ns, s->kinds, (size_t)ns * s->nk * sizeof(int));  /* (state.position_key too) */
    return r->key_width;
}

/* One end condition: NOT_ENDED, NOBODY or the player it is about (endgame.compile_end). */
static int check_end(Runner *r, const int *P, const int *T, const int *e, GameState *g, int last_mover,
                     int *status) {
    const Pos *s = &g->pos;
    switch (e[E_KIND]) {
    case END_SIDE_EMPTY: {
        int players[2], np = 1;
        if (e[E_ARG0] == WHO_ANY) { players[0] = s->mover; players[1] = 1 - s->mover; np = 2; }
        else if (e[E_ARG0] == WHO_MOVER) players[0] = last_mover;
        else if (e[E_ARG0] == WHO_OPPONENT) players[0] = 1 - last_mover;
        else players[0] = s->mover;
        for (int j = 0; j < np; j++) {
            if (none_held(P, s, P + e[E_ARG1 + players[j]], players[j])) return players[j];
        }
        return NOT_ENDED;
    }
    case END_NO_LEGAL_MOVE:
        return g->n_legal ? NOT_ENDED : s->mover;
    case END_MAJORITY: {
        long s0 = 2L * score_of(P, T, s, 0), s1 = 2L * score_of(P, T, s, 1), total = T[T_TOTAL];
        return (s0 > total || s1 > total || (s0 == total && s1 == total)) ? NOBODY : NOT_ENDED;
    }
    case END_SCORE_AT_LEAST:
        return (score_of(P, T, s, 0) >= e[E_ARG0] || score_of(P, T, s, 1) >= e[E_ARG0]) ? NOBODY : NOT_ENDED;
    case END_REPETITION: {
        make_key(r, s);
        int seen = seen_add(&g->seen, r->key);
        if (seen < 0) *status = G_NOMEM;
        return seen == 1 ? NOBODY : NOT_ENDED;
    }
    case END_MOVE_LIMIT:
        return s->moves_played >= e[E_ARG0] ? NOBODY : NOT_ENDED;
    case END_CONDITION: {
        /* tested as between moves: a fresh move context of that player (game.turn_ctx) */
        int p = e[E_ARG1] ? s->mover : last_mover, saved = s->mover, holds;
        if (p != 0 && p != 1) return NOT_ENDED;
        Move *m = r->look;
        move_init(m, NULL, 0, ASK_FIRST);
        m->origin = NONE;
        m->direction = CCW;
        m->kind = -1;
        g->pos.mover = p;
        holds = test(P, e[E_ARG0], &g->pos, NONE, m);
        g->pos.mover = saved;
        return holds ? p : NOT_ENDED;
    }
    }
    return NOT_ENDED;
}

/* Whether the player to move at s must feed (the spec's pit-free condition); m: scratch. */
static int feeding_at(const int *P, const int *T, const Pos *s, Move *m) {
    if (T[T_FEED] < 0) return 0;
    move_init(m, NULL, 0, ASK_FIRST);
    m->origin = NONE;
    m->direction = CCW;
    m->kind = -1;
    return test(P, T[T_FEED], s, NONE, m);
}

/* state._begin_turn: the legal starts (feeding tested first), then the end conditions in the
 * spec's order; with no legal start and no end that says so, the scores decide. */
static int begin_turn(Runner *r, GameState *g, int last_mover, int check_repetition) {
    Kernel *k = r->stages[g->pos.stage];
    const int *P = k->p, *T = r->turn[g->pos.stage];
    Move *m = r->m;
    g->feeding = feeding_at(P, T, &g->pos, m);
    budget(k);
    g->legal_kind = find_legal_in(k, &g->pos, g->feeding, g->aids, g->pits, g->masks, &g->n_legal, m, r->prefix);
    if (k->stopped) return G_STOPPED;
    if (!g->n_legal && T[T_PASS]) {
        /* state._pass: the opponent moves, if they can */
        g->pos.mover ^= 1;
        g->feeding = feeding_at(P, T, &g->pos, m);
        budget(k);
        g->legal_kind = find_legal_in(k, &g->pos, g->feeding, g->aids, g->pits, g->masks, &g->n_legal, m, r->prefix);
        if (k->stopped) return G_STOPPED;
        if (!g->n_legal) g->pos.mover ^= 1;
    }
    int status = G_OK;
    const int *ends = P + T[T_ENDS];
    for (int i = 0; i < T[T_NENDS]; i++) {
        const int *e = P + ends[i];
        if (e[E_KIND] == END_REPETITION && !check_repetition) continue;
        int who = check_end(r, P, T, e, g, last_mover, &status);
        if (status != G_OK) return status;
        if (who != NOT_ENDED) {
            return finish_game(r, P, T, g, e[E_KIND], e[E_REMAINING], e[E_RESULT], e[E_WINNER_NEEDS], who);
        }
    }
    if (!g->n_legal) return finish_game(r, P, T, g, END_IMPLICIT, REM_STAY, RES_BY_SCORE, -1, g->pos.mover);
    return G_OK;
}

static int new_game(Runner *r, GameState *g, const Pos *initial) {
    pos_copy(&g->pos, initial, r->ns);
    g->terminal = 0;
    g->ret[0] = g->ret[1] = 0;
    g->round = g->starts = 0;
    g->last_mover = NOBODY;
    seen_clear(&g->seen);
    if (r->uses_repetition) {
        make_key(r, &g->pos);
        if (seen_add(&g->seen, r->key) < 0) return G_NOMEM;
    }
    g->race.on = 0;
    if (r->turn[g->pos.stage][T_RACE] >= 0) return race_begin(r, g);
    return begin_turn(r, g, 1 - g->pos.mover, 0);
}

/* ---------------------------------------------------------------- marks after a move */

/* What the mark conditions of one move read: the move (r->m), the position with the mover
 * and stage of the move (as a MoveInfo makes the Python conditions read them), and the
 * look-aheads, each played once per move when first asked (moves.threat_set's cache). */
typedef struct {
    Runner *r;
    GameState *g;
    const int *P;
    int stage_after, status;
    int known[2], any[2];
    unsigned char taken[2][MAX_SLOTS];
} MarkContext;

/* moves.threat_set: the pits `who` could capture with the first lap of a legal move, were
 * it their turn now, in the first stage from the current one where they have a move. */
static void look_ahead(MarkContext *x, int who) {
    Runner *r = x->r;
    Pos probe;
    int aids[MAX_SLOTS], pits[MAX_SLOTS], masks[MAX_SLOTS], n_found;
    pos_copy(&probe, &x->g->pos, r->ns);
    memset(x->taken[who], 0, sizeof x->taken[who]);
    x->known[who] = 1;
    x->any[who] = 0;
    for (int stage = x->stage_after; stage < r->nstages; stage++) {
        Kernel *k = r->stages[stage];
        const int *P = k->p;
        probe.stage = stage;
        probe.mover = who;
        int feeding = feeding_at(P, r->turn[stage], &probe, r->look);
        budget(k);
        int ki = find_legal_in(k, &probe, feeding, aids, pits, masks, &n_found, r->look, r->look_prefix);
        if (k->stopped) { x->status = G_STOPPED; return; }
        if (ki < 0) continue;
        for (int i = 0; i < n_found; i++) {
            for (int d = LATER; d <= CW; d++) {
                if (!(masks[i] >> (d + 1) & 1)) continue;
                int kd = start_kind(P, masks[i], d, ki);
                if (!P[P[P[H_KINDS] + kd] + K_CAPTURES]) continue;
                Pos work;
                pos_copy(&work, &probe, r->ns);
                move_init(r->look, NULL, 0, ASK_FIRST);
                if (play(P, &work, kd, pits[i], d, r->look, 1) != P_DONE) continue;
                for (int j = 0; j < r->look->n_first_taken; j++) {
                    x->taken[who][r->look->first_taken[j]] = 1;
                    x->any[who] = 1;
                }
            }
        }
        return;
    }
}

/* A mark condition at pit: the look-ahead nodes here, and/or/not around them, anything else
 * the kernel's test(). A failed look-ahead sets x->status (and the answer is 0). */
static int mark_test(MarkContext *x, int node, int pit) {
    const int *P = x->P, *c = P + node;
    switch (c[0]) {
    case C_AND:
        for (int i = 0; i < c[1]; i++)
            if (!mark_test(x, c[2 + i], pit) || x->status != G_OK) return 0;
        return 1;
    case C_OR:
        for (int i = 0; i < c[1]; i++) {
            if (mark_test(x, c[2 + i], pit)) return 1;
            if (x->status != G_OK) return 0;
        }
        return 0;
    case C_NOT:
        return !mark_test(x, c[1], pit) && x->status == G_OK;
    case G_THREATENED: {
        int who = x->g->pos.mover;
        if (!x->known[who]) look_ahead(x, who);
        return pit >= 0 && x->taken[who][pit] == c[1];
    }
    case G_OPPONENT_CAN_CAPTURE: {
        int who = 1 - x->g->pos.mover;
        if (!x->known[who]) look_ahead(x, who);
        return x->any[who] == c[1];
    }
    }
    return test(P, node, &x->g->pos, pit, x->r->m);
}

/* state._update_marks: the events first, then the clearers, then the setters. Runs with the
 * position's mover and stage set back to the move's (what the conditions read), restored. */
static int update_marks(Runner *r, GameState *g, const int *P, const int *M, int stage, int mover) {
    Pos *s = &g->pos;
    int *marks = s->marks;
    const int *own = P + P[P[H_OWN] + mover];
    if (M[MK_EMPTIED])
        for (int q = 0; q < P[H_NPITS]; q++)
            if ((marks[q] & M[MK_EMPTIED]) && !s->board[q]) marks[q] &= ~M[MK_EMPTIED];
    if (r->m->captured && M[MK_CAPTURED_MOVE])
        for (int i = 1; i <= own[0]; i++) marks[own[i]] &= ~M[MK_CAPTURED_MOVE];
    if (M[MK_OWNER_MOVED])
        for (int i = 1; i <= own[0]; i++) marks[own[i]] &= ~M[MK_OWNER_MOVED];
    MarkContext x = {.r = r, .g = g, .P = P, .stage_after = s->stage, .status = G_OK};
    int to_move = s->mover;
    s->mover = mover;
    s->stage = stage;
    for (int i = 0; i < M[MK_NCLEAR] && x.status == G_OK; i++) {
        const int *c = P + P[M[MK_CLEAR] + i];
        if (c[CL_GATE] >= 0 && !mark_test(&x, c[CL_GATE], NONE)) continue;
        const int *cand = P + c[CL_PITS0 + mover];
        for (int j = 1; j <= cand[0] && x.status == G_OK; j++) {
            int q = cand[j];
            if ((marks[q] & c[CL_BIT]) && mark_test(&x, c[CL_TEST], q)) marks[q] &= ~c[CL_BIT];
        }
    }
    for (int i = 0; i < M[MK_NSET] && x.status == G_OK; i++) {
        const int *c = P + P[M[MK_SET] + i];
        if (c[ST_GATE] >= 0 && !mark_test(&x, c[ST_GATE], NONE)) continue;
        const int *cand = P + c[ST_PITS0 + mover];
        int hits[MAX_SLOTS], n = 0;
        for (int j = 1; j <= cand[0] && x.status == G_OK; j++)
            if (mark_test(&x, c[ST_TEST], cand[j])) hits[n++] = cand[j];
        if (c[ST_UNIQUE] && n != 1) continue;
        for (int j = 0; j < n && x.status == G_OK; j++)
            if (c[ST_UNLESS] < 0 || !mark_test(&x, c[ST_UNLESS], hits[j])) marks[hits[j]] |= c[ST_BIT0 + mover];
    }
    s->mover = to_move;
    s->stage = x.stage_after;
    return x.status;
}

/* state._finish_move after a move the kernel played (r->m holds its facts). */
static int finish_move(Runner *r, GameState *g) {
    Move *m = r->m;
    int stage = g->pos.stage;
    const int *P = r->stages[stage]->p, *T = r->turn[stage];
    if (g->pos.moves_played < INT_MAX) g->pos.moves_played++;  /* saturating, as state.py's */
    g->last_mover = g->pos.mover;
    g->starts = 0;
    if (m->end_prog >= 0) {
        const int *d = P + P[T[T_DURING] + m->end_prog];
        return finish_game(r, P, T, g, END_SIDE_EMPTY, d[0], d[1], d[2], m->end_who);
    }
    int mover = g->pos.mover;
    int again = T[T_EXTRA] >= 0 && test(P, T[T_EXTRA], &g->pos, m->last, m);
    if (T[T_UNTIL] >= 0 && test(P, T[T_UNTIL], &g->pos, m->last, m)) {
        if (stage + 1 >= r->nstages) return G_STAGES;
        g->pos.stage = stage + 1;
    }
    g->pos.mover = again ? mover : 1 - mover;
    if (T[T_MARKS] >= 0) {
        int status = update_marks(r, g, P, P + T[T_MARKS], stage, mover);
        if (status != G_OK) return status;
    }
    if (m->captured) seen_clear(&g->seen);
    return begin_turn(r, g, mover, 1);
}

/* Choose a start and then each decision the move asks at random (the options a live state
 * offers: only those that can still be completed where legality looks ahead), play it.
 * Adds the actions taken to *actions, and records them when `record` is not NULL. */
static int random_move(Runner *r, GameState *g, Rng *rng, long *actions, int *record, int *n_record,
                       int max_record) {
    Kernel *k = r->stages[g->pos.stage];
    const int *P = k->p;
    int i = rng_below(rng, g->n_legal), pit = g->pits[i], mask = g->masks[i];
    int dirs[3], nd = 0, n = 0, d;
    for (int j = LATER; j <= CW; j++) if (mask >> (j + 1) & 1) dirs[nd++] = j;
    if (record && *n_record < max_record) record[(*n_record)++] = g->aids[i];
    (*actions)++;
    if (nd > 1) {
        d = dirs[rng_below(rng, nd)];
        if (record && *n_record < max_record) record[(*n_record)++] = P[H_DIR_BASE] + d;
        (*actions)++;
    } else {
        d = dirs[0];
    }
    /* the kind that plays this direction (move kinds offered together: per direction); the
     * kernel's play reads the direction as a decision only where the kind asks it (with one
     * direction: forced, not asked) */
    int ki = start_kind(P, mask, d, g->legal_kind);
    if (P[P[P[H_KINDS] + ki] + K_ASK_DIRECTION]) r->given[n++] = P[H_DIR_BASE] + d;
    if (!r->turn[g->pos.stage][T_ASKS]) {
        /* no decision inside a move: play on the position itself */
        move_init(r->m, NULL, 0, ASK_STOP);
        int res = play(P, &g->pos, ki, pit, d, r->m, 0);
        if (res != P_DONE) return res == P_ENDLESS ? G_ENDLESS : G_BAD;
        return finish_move(r, g);
    }
    int filter = P[H_MUST_SIMULATE] || g->feeding;
    for (;;) {
        Pos *work = &r->work;
        Move *m = r->m;
        pos_copy(work, &g->pos, r->ns);
        move_init(m, r->given, n, ASK_STOP);
        int res = play(P, work, ki, pit, d, m, 0);
        if (res == P_DONE) {
            pos_copy(&g->pos, work, r->ns);
            return finish_move(r, g);
        }
        if (res != P_NEED) return res == P_ENDLESS ? G_ENDLESS : G_BAD;
        if (n >= MAX_DECISIONS - 1) return G_ENDLESS;
        int options[MAX_SLOTS], no = 0, asked = m->n_options;
        memcpy(options, m->options, asked * sizeof(int));
        if (filter) {
            Move *probe = malloc(sizeof(Move));
            if (!probe) return G_NOMEM;
            for (int j = 0; j < asked; j++) {
                memcpy(r->prefix, r->given, n * sizeof(int));
                r->prefix[n] = options[j];
                budget(k);
                if (completes(k, &g->pos, ki, pit, d, g->feeding, r->prefix, n + 1, probe)) options[no++] = options[j];
            }
            free(probe);
            if (k->stopped) return G_STOPPED;
            if (!no) return G_ENDLESS;
        } else {
            no = asked;
        }
        if (no == 1) {  /* one option: forced, not asked (the State applies it itself) */
            r->given[n++] = options[0];
            continue;
        }
        int a = options[rng_below(rng, no)];
        r->given[n++] = a;
        if (record && *n_record < max_record) record[(*n_record)++] = a;
        (*actions)++;
    }
}

/* ---------------------------------------------------------------- the opening race */

/* interpreter/race.py in C: both players choose a start (a simultaneous node), then sow at
 * once, one piece each per step, South's drop before North's; a lap end is resolved as in an
 * ordinary move of the first stage (captures, relay, another turn); the race ends when both
 * parts have. Python's MoveInfo of each part is kept in its RacePart and rebuilt as a Move
 * (r->m) wherever a condition reads it. */

/* The Move the conditions read for part x (race.py's r.move). */
static Move *race_move(Runner *r, const int *P, const RacePart *x) {
    Move *m = r->m;
    move_init(m, NULL, 0, ASK_FIRST);
    m->origin = x->origin;
    m->direction = x->direction;
    m->kind = x->kind >= 0 ? P[P[P[H_KINDS] + x->kind] + K_NAME] : -1;
    m->lifted = x->lifted;
    m->lap = x->lap;
    m->last = x->last;
    m->captured = x->captured;
    m->seq = x->seq;
    m->seq_len = x->n_seq;
    m->lap_hand = x->lap_hand;
    return m;
}

/* race._offer: the starts player p may choose now (the stage's legal moves; the race's own
 * condition on its first starts); none: the part is over. */
static int race_offer(Runner *r, GameState *g, int p) {
    Race *race = &g->race;
    RacePart *x = &race->part[p];
    Kernel *k = r->stages[g->pos.stage];
    const int *P = k->p, *T = r->turn[g->pos.stage];
    int saved = g->pos.mover;
    g->pos.mover = p;
    int feeding = feeding_at(P, T, &g->pos, r->m);
    budget(k);
    x->legal_kind = find_legal_in(k, &g->pos, feeding, x->aids, x->pits, x->masks, &x->n_legal, r->m, r->prefix);
    if (k->stopped) { g->pos.mover = saved; return G_STOPPED; }
    int from = T[T_RACE] >= 0 ? P[T[T_RACE] + RC_FROM] : -1;
    if (from >= 0 && !x->chosen) {
        int n = 0;
        for (int i = 0; i < x->n_legal; i++) {
            Move *m = r->m;
            move_init(m, NULL, 0, ASK_FIRST);  /* the turn's blank context of player p */
            m->origin = NONE;
            m->direction = CCW;
            m->kind = -1;
            if (!test(P, from, &g->pos, x->pits[i], m)) continue;
            x->aids[n] = x->aids[i];
            x->pits[n] = x->pits[i];
            x->masks[n] = x->masks[i];
            n++;
        }
        x->n_legal = n;
    }
    g->pos.mover = saved;
    if (!x->n_legal) {
        x->choosing = 0;
        if (x->finished < 0) x->finished = race->step;
    }
    return G_OK;
}

/* race._lap: the pits part p sows next, from `last` along its circuit, skips left out. */
static void race_lap(Runner *r, GameState *g, const int *P, int p, int last) {
    Race *race = &g->race;
    RacePart *x = &race->part[p];
    int ns = P[H_NSLOTS], skip = P[H_SKIP], n = 0, lap[MAX_SLOTS], saved = g->pos.mover;
    const int *seq = P + P[P[H_AFTER] + (p * 2 + x->direction) * ns + last];
    g->pos.mover = p;
    Move *m = race_move(r, P, x);
    for (int i = 1; i <= seq[0] && n < MAX_SLOTS; i++)
        if (skip < 0 || !test(P, skip, &g->pos, seq[i], m)) lap[n++] = seq[i];
    g->pos.mover = saved;
    if (!n) {  /* nowhere to sow: this part ends */
        x->hand = 0;
        x->finished = race->step;
        return;
    }
    memcpy(x->seq, lap, n * sizeof(int));
    x->n_seq = n;
    x->at = 0;
    x->lap_hand = x->hand;
}

/* race.choose: player p starts sowing from their legal start i. */
static void race_choose(Runner *r, GameState *g, int p, int i) {
    const int *P = r->stages[g->pos.stage]->p;
    RacePart *x = &g->race.part[p];
    int pit = x->pits[i], d = CCW;
    for (int j = LATER; j <= CW; j++) if (x->masks[i] >> (j + 1) & 1) { d = j; break; }
    x->kind = start_kind(P, x->masks[i], d, x->legal_kind);
    x->origin = pit;
    x->direction = d;
    x->lifted = x->hand = g->pos.board[pit];
    g->pos.board[pit] = 0;
    lifted_from(P, &g->pos, pit);
    x->choosing = 0;
    x->laps = 0;
    x->lap = 1;
    x->last = NONE;
    x->captured = 0;
    x->n_seq = x->lap_hand = 0;
    x->chosen++;
    race_lap(r, g, P, p, pit);
}

/* race._lap_end: as a lap of an ordinary move ends (captures, the relay, another turn), for
 * part p; the spec's bound on a move's laps ends the part too. */
static void race_lap_end(Runner *r, GameState *g, const int *P, const int *T, int p) {
    Race *race = &g->race;
    RacePart *x = &race->part[p];
    Pos *s = &g->pos;
    int ns = P[H_NSLOTS], last = x->last, saved = s->mover, pits[MAX_SLOTS];
    x->lap = ++x->laps;
    if (x->laps > P[H_MAX_LAPS]) { x->finished = race->step; return; }
    s->mover = p;
    if (P[P[H_TO_OWNER]]) to_owners(P, s);
    Move *m = race_move(r, P, x);
    const int *kind = P + P[P[H_KINDS] + x->kind];
    int n_caps = kind[K_CAPTURES] ? P[H_NCAPS] : 0;
    for (int i = 0; i < n_caps; i++) {
        const int *cap = P + P[P[H_CAPS] + i];
        if (!test(P, cap[CP_WHEN], s, last, m)) continue;
        int n = taken_pits(P, cap, s, last, m, pits);
        x->captured += take(P, cap, s, pits, n, m);
        x->finished = race->step;
        s->mover = saved;
        return;
    }
    if (P[H_RELAY] && P[H_RELAY_NEXT]) {
        int q = P[P[H_STEPS] + (p * 2 + x->direction) * ns + last];
        if (q != NONE && test(P, P[H_RELAY_WHEN], s, q, m)) {
            x->hand = s->board[q];
            s->board[q] = 0;
            lifted_from(P, s, q);
            race_lap(r, g, P, p, q);
            s->mover = saved;
            return;
        }
        last = q;  /* race.py tests another turn on the pit after the landing pit here */
    } else if (P[H_RELAY] && test(P, P[H_RELAY_WHEN], s, last, m)
               && !(P[H_STOP_WHEN] >= 0 && test(P, P[H_STOP_WHEN], s, last, m))) {
        x->hand = s->board[last];
        s->board[last] = 0;
        lifted_from(P, s, last);
        race_lap(r, g, P, p, last);
        s->mover = saved;
        return;
    }
    /* (a pit of -1 is the last slot, as Python indexes a list) */
    if (T[T_EXTRA] >= 0 && test(P, T[T_EXTRA], s, last >= 0 ? last : ns + last, m)) x->choosing = 1;
    else x->finished = race->step;
    s->mover = saved;
}

/* State._race_step once the race is over (race.outcome): one move played, the next player,
 * the first stage's `until` (about the player who finished last), then the game goes on. */
static int race_over(Runner *r, GameState *g) {
    Race *race = &g->race;
    Pos *s = &g->pos;
    int stage = s->stage;
    const int *P = r->stages[stage]->p, *T = r->turn[stage];
    int south = race->part[0].finished, north = race->part[1].finished, next, last;
    if (south == north) {
        next = T[T_FIRST];
        last = 1 - next;
    } else {
        int first = south < north ? 0 : 1;
        next = P[T[T_RACE] + RC_NEXT] == RACE_FIRST_FINISHED ? first : 1 - first;
        last = 1 - first;
    }
    race->on = 0;
    if (s->moves_played < INT_MAX) s->moves_played++;
    if (T[T_UNTIL] >= 0) {
        Move *m = r->m;
        move_init(m, NULL, 0, ASK_FIRST);  /* the blank context of the player who finished last */
        m->origin = NONE;
        m->direction = CCW;
        m->kind = -1;
        s->mover = last;
        if (test(P, T[T_UNTIL], s, NONE, m)) {
            if (stage + 1 >= r->nstages) return G_STAGES;
            s->stage = stage + 1;
        }
    }
    s->mover = next;
    seen_clear(&g->seen);
    return begin_turn(r, g, last, 1);
}

/* race.run: steps until a player must choose or the race is over. */
static int race_run(Runner *r, GameState *g) {
    Race *race = &g->race;
    const int *P = r->stages[g->pos.stage]->p, *T = r->turn[g->pos.stage];
    while (!race->part[0].choosing && !race->part[1].choosing) {
        int sowing[2], n = 0;
        for (int p = 0; p < 2; p++)
            if (race->part[p].finished < 0 && race->part[p].hand) sowing[n++] = p;
        if (!n) break;
        race->step++;
        for (int i = 0; i < n; i++) {
            RacePart *x = &race->part[sowing[i]];
            int q = x->seq[x->at % x->n_seq];
            x->at++;
            x->hand--;
            g->pos.board[q]++;
            x->last = q;
        }
        for (int i = 0; i < n; i++) {
            RacePart *x = &race->part[sowing[i]];
            if (!x->hand && x->finished < 0) race_lap_end(r, g, P, T, sowing[i]);
        }
        for (int i = 0; i < n; i++) {
            if (!race->part[sowing[i]].choosing) continue;
            int status = race_offer(r, g, sowing[i]);
            if (status != G_OK) return status;
        }
    }
    if (race->part[0].choosing || race->part[1].choosing) return G_OK;
    if (race->part[0].finished < 0 || race->part[1].finished < 0) return G_BAD;  /* a part stalled */
    return race_over(r, g);
}

/* race.begin: both players choose a start at the game's first position. */
static int race_begin(Runner *r, GameState *g) {
    Race *race = &g->race;
    race->on = 1;
    race->step = 0;
    g->n_legal = g->feeding = 0;  /* no ordinary start before the race is over */
    g->legal_kind = -1;
    for (int p = 0; p < 2; p++) {
        RacePart *x = &race->part[p];
        x->choosing = 1;
        x->finished = -1;
        x->hand = x->at = x->laps = x->chosen = x->n_seq = x->lap_hand = x->captured = 0;
        x->origin = x->last = NONE;
        x->kind = -1;
        x->direction = CCW;
        x->lap = 1;
        int status = race_offer(r, g, p);
        if (status != G_OK) return status;
    }
    return race_run(r, g);
}

/* Both players' starts at once (their legal indices), South's first, then the race runs. */
static int race_both(Runner *r, GameState *g, int south, int north) {
    race_choose(r, g, 0, south);
    race_choose(r, g, 1, north);
    return race_run(r, g);
}

/* A random action of the race as the Python loop chooses it: a flat joint action (South's
 * index + n * North's, uniform) at a simultaneous node, else the chooser's start. */
static int race_random(Runner *r, GameState *g, Rng *rng, long *actions, int *record, int *n_record,
                       int max_record) {
    RacePart *a = &g->race.part[0], *b = &g->race.part[1];
    (*actions)++;
    if (a->choosing && b->choosing) {
        int j = rng_below(rng, a->n_legal * b->n_legal);
        if (record && *n_record < max_record) record[(*n_record)++] = j;
        return race_both(r, g, j % a->n_legal, j / a->n_legal);
    }
    int p = a->choosing ? 0 : 1, i = rng_below(rng, g->race.part[p].n_legal);
    if (record && *n_record < max_record) record[(*n_record)++] = g->race.part[p].aids[i];
    race_choose(r, g, p, i);
    return race_run(r, g);
}

/* One random action of a whole game: in the opening race, or a move. */
static int random_action(Runner *r, GameState *g, Rng *rng, long *actions, int *record, int *n_record,
                         int max_record) {
    if (g->race.on) return race_random(r, g, rng, actions, record, n_record, max_record);
    return random_move(r, g, rng, actions, record, n_record, max_record);
}

static void runner_free(Runner *r) {
    free(r->look);
    free(r->look_prefix);
    free(r->m);
    free(r->prefix);
    free(r->given);
}

/* A mark condition: the kernel's nodes, the look-aheads, and/or/not around them. */
static int check_mark_condition(Check *c, long node, int depth) {
    if (depth > MAX_DEPTH) return bad(c, "conditions nested too deep");
    if (!span(c, node, 2)) return 0;
    const int *x = c->p + node;
    switch (x[0]) {
    case G_THREATENED: case G_OPPONENT_CAN_CAPTURE:
        return 1;
    case C_AND: case C_OR:
        if (!span(c, node + 2, x[1])) return 0;
        for (int i = 0; i < x[1]; i++)
            if (!check_mark_condition(c, x[2 + i], depth + 1)) return 0;
        return 1;
    case C_NOT:
        return check_mark_condition(c, x[1], depth + 1);
    }
    return check_condition(c, node, depth);
}

/* A marks record: its lists inside the program, its conditions sound, its pits on the board. */
static int marks_ok(Check *c, long at) {
    if (!span(c, at, MK_SIZE)) return 0;
    const int *M = c->p + at;
    if (M[MK_NCLEAR] < 0 || M[MK_NSET] < 0 || !span(c, M[MK_CLEAR], M[MK_NCLEAR]) || !span(c, M[MK_SET], M[MK_NSET]))
        return 0;
    for (int i = 0; i < M[MK_NCLEAR]; i++) {
        long r = c->p[M[MK_CLEAR] + i];
        if (!span(c, r, CL_SIZE)) return 0;
        const int *x = c->p + r;
        if ((x[CL_GATE] != -1 && !check_mark_condition(c, x[CL_GATE], 0)) || !check_mark_condition(c, x[CL_TEST], 0)
            || !pit_list(c, x[CL_PITS0]) || !pit_list(c, x[CL_PITS1]))
            return 0;
    }
    for (int i = 0; i < M[MK_NSET]; i++) {
        long r = c->p[M[MK_SET] + i];
        if (!span(c, r, ST_SIZE)) return 0;
        const int *x = c->p + r;
        if ((x[ST_GATE] != -1 && !check_mark_condition(c, x[ST_GATE], 0)) || !check_mark_condition(c, x[ST_TEST], 0)
            || (x[ST_UNLESS] != -1 && !check_mark_condition(c, x[ST_UNLESS], 0))
            || !pit_list(c, x[ST_PITS0]) || !pit_list(c, x[ST_PITS1]))
            return 0;
    }
    return 1;
}

/* A rounds record: a store for each player, its numbers in range, its pits on the board. */
static int rounds_ok(Check *c, long at) {
    if (!span(c, at, RD_SIZE)) return 0;
    const int *R = c->p + at, *P = c->p;
    return P[P[H_STORE]] >= 0 && P[P[H_STORE] + 1] >= 0 && R[RD_PER_PIT] >= 0 && R[RD_MAX_ROUNDS] >= -1
           && R[RD_NEXT_PLAYER] >= NEXT_LOSER && R[RD_NEXT_PLAYER] <= NEXT_LAST_MOVER
           && (R[RD_FIRST_PLAYER] == 0 || R[RD_FIRST_PLAYER] == 1) && pit_list(c, R[RD_FILL0]) && pit_list(c, R[RD_FILL1]);
}

#define OUTSIDE "a turn record lies outside its program"

/* Every offset of a turn record inside its program, every pit inside the board, every
 * condition one the kernel (or, after a move, the marks evaluator) reads: NULL, or what is
 * wrong. */
static const char *turn_ok(const Kernel *k, Py_ssize_t at) {
    const int *P = k->p;
    Py_ssize_t n = k->n;
    int ns = P[H_NSLOTS];
#define INSIDE(off, len) ((off) >= 0 && (Py_ssize_t)(off) + (Py_ssize_t)(len) <= n)
    if (!INSIDE(at, T_SIZE)) return OUTSIDE;
    const int *T = P + at;
    if (T[T_FIRST] != 0 && T[T_FIRST] != 1) return "a first player other than 0 or 1";
    for (int c = T_EXTRA; c <= T_FEED; c++) if (T[c] >= n || T[c] < -1) return OUTSIDE;
    if (T[T_NENDS] < 0 || !INSIDE(T[T_ENDS], T[T_NENDS]) || T[T_NDURING] != P[H_NDURING]
        || !INSIDE(T[T_DURING], T[T_NDURING])) return OUTSIDE;
    for (int i = 0; i < T[T_NENDS]; i++) {
        int e = P[T[T_ENDS] + i];
        if (!INSIDE(e, E_SIZE) || P[e + E_KIND] < 0 || P[e + E_KIND] > END_CONDITION) return OUTSIDE;
        if (P[e + E_KIND] == END_SIDE_EMPTY) {
            for (int p = 0; p < 2; p++) {
                int t = P[e + E_ARG1 + p];
                if (!INSIDE(t, 1) || P[t] < 0 || !INSIDE(t + 1, P[t])) return OUTSIDE;
                for (int j = 1; j <= P[t]; j++) if (P[t + j] < 0 || P[t + j] >= ns) return OUTSIDE;
            }
        }
    }
    for (int i = 0; i < T[T_NDURING]; i++) if (!INSIDE(P[T[T_DURING] + i], 3)) return OUTSIDE;
#undef INSIDE
    Check c = {P, n, ns, 0, NULL};
    for (int i = 0; i < T[T_NENDS]; i++) {
        const int *e = P + P[T[T_ENDS] + i];
        if (e[E_KIND] == END_CONDITION && !check_condition(&c, e[E_ARG0], 0)) return c.why;
    }
    for (int slot = T_EXTRA; slot <= T_FEED; slot++)
        if (!optional_condition(&c, T[slot])) return c.why;
    if (T[T_MARKS] != -1 && !marks_ok(&c, T[T_MARKS])) return c.why;
    if (T[T_RACE] != -1) {
        if (T[T_RACE] < 0 || (Py_ssize_t)T[T_RACE] + RC_SIZE > n) return OUTSIDE;
        const int *R = P + T[T_RACE];
        if (R[RC_NEXT] != 0 && R[RC_NEXT] != 1) return "a race record with no such next player";
        if (!optional_condition(&c, R[RC_FROM])) return c.why;
    }
    return T[T_ROUNDS] == -1 || rounds_ok(&c, T[T_ROUNDS]) ? NULL : c.why ? c.why : "a bad rounds record";
}

/* The runner over (stages, turn offsets); 0, or -1 with a Python exception set. */
static int runner_init(Runner *r, PyObject *stages, PyObject *offsets, PyTypeObject *kernel_type) {
    memset(r, 0, sizeof *r);
    if (!PyTuple_Check(stages) || !PyTuple_Check(offsets) || PyTuple_GET_SIZE(stages) != PyTuple_GET_SIZE(offsets)
        || PyTuple_GET_SIZE(stages) < 1 || PyTuple_GET_SIZE(stages) > MAX_STAGES) {
        PyErr_SetString(PyExc_ValueError, "stages and turn offsets: two tuples of the same length, 1 to 32");
        return -1;
    }
    r->nstages = (int)PyTuple_GET_SIZE(stages);
    for (int i = 0; i < r->nstages; i++) {
        PyObject *k = PyTuple_GET_ITEM(stages, i);
        if (!PyObject_TypeCheck(k, kernel_type) || !((Kernel *)k)->p) {
            PyErr_SetString(PyExc_TypeError, "stages must be Kernel objects");
            return -1;
        }
        r->stages[i] = (Kernel *)k;
        long at = PyLong_AsLong(PyTuple_GET_ITEM(offsets, i));
        if (at == -1 && PyErr_Occurred()) return -1;
        const char *why = turn_ok(r->stages[i], at);
        if (why) {
            PyErr_Format(PyExc_ValueError, "a turn record the runner cannot read: %s", why);
            return -1;
        }
        r->turn[i] = r->stages[i]->p + at;
        if (i && r->stages[i]->p[H_NSLOTS] != r->stages[0]->p[H_NSLOTS]) {
            PyErr_SetString(PyExc_ValueError, "the stages play on boards of different sizes");
            return -1;
        }
        if (i && piece_kinds(r->stages[i]->p) != piece_kinds(r->stages[0]->p)) {
            PyErr_SetString(PyExc_ValueError, "the stages play with different kinds of piece");
            return -1;
        }
        const int *T = r->turn[i], *P = r->stages[i]->p;
        for (int e = 0; e < T[T_NENDS]; e++)
            if (P[P[T[T_ENDS] + e] + E_KIND] == END_REPETITION) r->uses_repetition = 1;
    }
    r->ns = r->stages[0]->p[H_NSLOTS];
    r->key_width = 2 * r->ns + 4 + r->ns * piece_kinds(r->stages[0]->p);
    r->m = malloc(sizeof(Move));
    r->prefix = malloc(MAX_DECISIONS * sizeof(int));
    r->given = malloc(MAX_DECISIONS * sizeof(int));
    r->look = malloc(sizeof(Move));
    r->look_prefix = malloc(MAX_DECISIONS * sizeof(int));
    if (!r->m || !r->prefix || !r->given || !r->look || !r->look_prefix) {
        runner_free(r);
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static int runner_error(int status) {
    if (PyErr_Occurred()) return -1;  /* Ctrl-C */
    if (status == G_NOMEM) PyErr_NoMemory();
    else if (status == G_ENDLESS) PyErr_SetString(PyExc_RuntimeError, "a move did not end within the lap bound");
    else if (status == G_STAGES) PyErr_SetString(PyExc_RuntimeError, "the last stage ended");
    else if (status == G_ROUNDS) PyErr_Format(PyExc_RuntimeError, "more than %d rounds began without a move",
                                              MAX_ROUND_STARTS);
    else if (status == G_STOPPED) PyErr_Format(LimitError, "the look-ahead needed more than %ld plays to decide "
                                               "which moves are legal", MAX_PLAYS_PER_CALL);
    else PyErr_SetString(PyExc_RuntimeError, "a decision the kernel asked was not offered");
    return -1;
}

/* playouts(stages, turn_offsets, board, marks, stock, removed, stage, moves_played, mover,
 *          n, seed, lengths, record, max_actions)
 *   -> (wins of South, wins of North, draws, actions, turns, lengths or None, records or None)
 * n random games from the position; `lengths`: the actions of each game; `record`: the
 * actions themselves (for tests that replay them through the Python path). A game past
 * `max_actions` actions raises LimitError (a spec whose games never end); Ctrl-C is checked
 * every 4,096 actions. */
static PyObject *playouts(PyObject *self, PyObject *args) {
    (void)self;
    if (!PyTuple_Check(args) || PyTuple_GET_SIZE(args) != 14) {
        PyErr_SetString(PyExc_TypeError, "playouts takes 14 arguments");
        return NULL;
    }
    Runner r;
    if (runner_init(&r, PyTuple_GET_ITEM(args, 0), PyTuple_GET_ITEM(args, 1), &KernelType)) return NULL;
    Pos initial;
    long n = PyLong_AsLong(PyTuple_GET_ITEM(args, 9));
    unsigned long long seed = PyLong_AsUnsignedLongLongMask(PyTuple_GET_ITEM(args, 10));
    int want_lengths = PyObject_IsTrue(PyTuple_GET_ITEM(args, 11));
    int want_record = PyObject_IsTrue(PyTuple_GET_ITEM(args, 12));
    long max_actions = PyLong_AsLong(PyTuple_GET_ITEM(args, 13));
    if (PyErr_Occurred() || read_pos(r.stages[0], args, &initial, 2)) { runner_free(&r); return NULL; }
    if (n < 0 || initial.stage < 0 || initial.stage >= r.nstages) {
        runner_free(&r);
        PyErr_SetString(PyExc_ValueError, "n must be at least 0 and the stage one of the game's");
        return NULL;
    }
    GameState *g = malloc(sizeof(GameState));
    if (g && seen_init(&g->seen, r.key_width)) { free(g); g = NULL; }
    long *lengths = want_lengths ? malloc((n ? n : 1) * sizeof(long)) : NULL;
    PyObject *records = want_record ? PyList_New(0) : NULL;
    int *record = want_record ? malloc(1 << 20) : NULL;
    int max_record = (1 << 20) / sizeof(int);
    if (!g || (want_lengths && !lengths) || (want_record && (!records || !record))) {
        free(g); free(lengths); free(record); Py_XDECREF(records); runner_free(&r);
        return PyErr_NoMemory();
    }
    long wins[2] = {0, 0}, draws = 0, actions = 0, turns = 0;
    int status = G_OK;
    Rng rng;
    rng_seed(&rng, seed);
    for (long game = 0; game < n && status == G_OK; game++) {
        long before = actions;
        int n_record = 0;
        if (PyErr_CheckSignals() < 0) { status = G_STOPPED; break; }
        for (int i = 0; i < r.nstages; i++) r.stages[i]->stopped = 0;
        status = new_game(&r, g, &initial);
        long steps = 0;
        while (status == G_OK && !g->terminal) {
            status = random_action(&r, g, &rng, &actions, record, &n_record, max_record);
            if (++steps % 4096 == 0 && PyErr_CheckSignals() < 0) status = G_STOPPED;
            else if (status == G_OK && steps > max_actions) status = G_LONG;
        }
        if (status != G_OK) break;
        turns += g->pos.moves_played - initial.moves_played;
        if (g->ret[0] > 0) wins[0]++;
        else if (g->ret[0] < 0) wins[1]++;
        else draws++;
        if (lengths) lengths[game] = actions - before;
        if (records) {
            PyObject *list = int_list(record, n_record);
            if (!list || PyList_Append(records, list) < 0) { Py_XDECREF(list); status = G_NOMEM; break; }
            Py_DECREF(list);
        }
    }
    PyObject *out = NULL;
    if (status == G_LONG) {
        PyErr_Format(LimitError, "a random game went on for more than %ld actions without ending (a spec "
                     "whose games can go on for ever: a move_limit end bounds them)", max_actions);
    } else if (status != G_OK) {
        if (!PyErr_Occurred()) runner_error(status);
    } else {
        PyObject *lens = Py_None;
        if (lengths) {
            lens = PyList_New(n);
            for (long i = 0; lens && i < n; i++) PyList_SET_ITEM(lens, i, PyLong_FromLong(lengths[i]));
        } else {
            Py_INCREF(lens);
        }
        if (lens) out = Py_BuildValue("(lllllNO)", wins[0], wins[1], draws, actions, turns, lens,
                                      records ? records : Py_None);
    }
    Py_XDECREF(records);
    seen_free(&g->seen);
    free(g); free(lengths); free(record);
    runner_free(&r);
    return out;
}

/* ---------------------------------------------------------------- the native state */

/* Stages: a game's stage programs and turn records, shared by its native states. */
typedef struct {
    PyObject_HEAD
    PyObject *kernels;  /* the Kernel objects (kept alive while the runner reads them) */
    Runner r;
    int ready;
} Stages;

static int Stages_init(Stages *self, PyObject *args, PyObject *kwds) {
    (void)kwds;
    PyObject *stages, *offsets;
    if (!PyArg_ParseTuple(args, "OO", &stages, &offsets)) return -1;
    if (self->ready) { runner_free(&self->r); self->ready = 0; }
    if (runner_init(&self->r, stages, offsets, &KernelType)) return -1;
    Py_INCREF(stages);
    Py_XSETREF(self->kernels, stages);
    self->ready = 1;
    return 0;
}

static void Stages_dealloc(Stages *self) {
    if (self->ready) runner_free(&self->r);
    Py_XDECREF(self->kernels);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyTypeObject StagesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "rulespec.interpreter._kernel.Stages",
    .tp_basicsize = sizeof(Stages),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A game's stage programs and turn records, for native states.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Stages_init,
    .tp_dealloc = (destructor)Stages_dealloc,
};

static int seen_copy(Seen *dst, const Seen *src) {
    int w = src->width;
    dst->width = w;
    dst->count = src->count;
    dst->cap = src->cap;
    dst->tcap = src->tcap;
    dst->gen = src->gen;
    dst->keys = malloc((size_t)src->cap * w * sizeof(int));
    dst->hashes = malloc((size_t)src->cap * sizeof(uint64_t));
    dst->stamp = malloc((size_t)src->tcap * sizeof(unsigned));
    dst->slot = malloc((size_t)src->tcap * sizeof(int));
    if (!dst->keys || !dst->hashes || !dst->stamp || !dst->slot) { seen_free(dst); return -1; }
    memcpy(dst->keys, src->keys, (size_t)src->count * w * sizeof(int));
    memcpy(dst->hashes, src->hashes, (size_t)src->count * sizeof(uint64_t));
    memcpy(dst->stamp, src->stamp, (size_t)src->tcap * sizeof(unsigned));
    memcpy(dst->slot, src->slot, (size_t)src->tcap * sizeof(int));
    return 0;
}

/* Core: a game state in C for rulesets whose moves ask nothing (interpreter/native.py's
 * NativeState subclasses it). The hot methods (legal_actions, apply_action, is_terminal,
 * current_player, clone) never enter Python; everything else is answered by a Python State
 * replayed to the same history (`shadow`), so the public API stays the Python one. */
#define OPENING (-9)

typedef struct {
    PyObject_HEAD
    Stages *stages;
    PyObject *game, *shadow;
    int demoted;  /* 1: the shadow State plays on its own (see native.py) */
    GameState *g;
    int *history;
    int n_history, cap_history;
    /* a move waiting for a decision: its start (legal index, direction), the decisions made
     * after the start action, and the options offered now; the position stays the one before
     * the move (the Python shadow shows the move so far) */
    int pending, p_index, p_dir, n_given, n_options;  /* p_dir OPENING: the direction is asked first */
    int *given;
    int options[MAX_SLOTS];
} Core;

static void Core_dealloc(Core *self) {
    if (self->g) { seen_free(&self->g->seen); free(self->g); }
    free(self->history);
    free(self->given);
    Py_XDECREF(self->stages);
    Py_XDECREF(self->game);
    Py_XDECREF(self->shadow);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Core(stages, game, board, marks, stock, removed, stage, moves_played, mover) */
static PyObject *Core_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    (void)kwds;
    if (!PyTuple_Check(args) || PyTuple_GET_SIZE(args) != 2 + POS_ARGS) {
        PyErr_SetString(PyExc_TypeError, "Core takes 9 arguments");
        return NULL;
    }
    PyObject *stages = PyTuple_GET_ITEM(args, 0);
    if (!PyObject_TypeCheck(stages, &StagesType) || !((Stages *)stages)->ready) {
        PyErr_SetString(PyExc_TypeError, "Core needs a Stages object");
        return NULL;
    }
    Runner *r = &((Stages *)stages)->r;
    Pos initial;
    if (read_pos(r->stages[0], args, &initial, 2)) return NULL;
    if (initial.stage < 0 || initial.stage >= r->nstages) {
        PyErr_SetString(PyExc_ValueError, "no such stage");
        return NULL;
    }
    Core *self = (Core *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    self->g = malloc(sizeof(GameState));
    if (!self->g || seen_init(&self->g->seen, r->key_width)) {
        free(self->g);
        self->g = NULL;
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    Py_INCREF(stages);
    self->stages = (Stages *)stages;
    self->game = PyTuple_GET_ITEM(args, 1);
    Py_INCREF(self->game);
    int status = new_game(r, self->g, &initial);
    if (status != G_OK) { Py_DECREF(self); runner_error(status); return NULL; }
    return (PyObject *)self;
}

static PyObject *call_shadow(Core *self, const char *name, PyObject *const *args, Py_ssize_t n) {
    PyObject *method = PyObject_GetAttrString(self->shadow, name);
    if (!method) return NULL;
    PyObject *out = PyObject_Vectorcall(method, args, n, NULL);
    Py_DECREF(method);
    return out;
}

#define DEMOTED(name, args, n) do { if (self->demoted) return call_shadow(self, name, args, n); } while (0)

/* legal_actions in the opening race: a chooser's starts, or (both choosing, no player
 * given) the flat joint actions 0 .. n_south * n_north - 1, as OpenSpiel lists them. */
static PyObject *race_legal(const Race *race, long p) {
    const RacePart *a = &race->part[0], *b = &race->part[1];
    if (p == -1 && a->choosing && b->choosing) {
        PyObject *list = PyList_New((Py_ssize_t)a->n_legal * b->n_legal);
        for (Py_ssize_t i = 0; list && i < (Py_ssize_t)a->n_legal * b->n_legal; i++)
            PyList_SET_ITEM(list, i, PyLong_FromSsize_t(i));
        return list;
    }
    if (p == -1) p = a->choosing ? 0 : 1;
    if ((p != 0 && p != 1) || !race->part[p].choosing) return PyList_New(0);
    return int_list(race->part[p].aids, race->part[p].n_legal);
}

static PyObject *Core_legal_actions(Core *self, PyObject *const *args, Py_ssize_t n) {
    DEMOTED("legal_actions", args, n);
    GameState *g = self->g;
    if (n > 1) { PyErr_SetString(PyExc_TypeError, "legal_actions takes at most one argument"); return NULL; }
    if (n == 1 && args[0] != Py_None) {
        long p = PyLong_AsLong(args[0]);
        if (p == -1 && PyErr_Occurred()) return NULL;
        if (g->race.on) return race_legal(&g->race, p < 0 ? -2 : p);
        if (g->terminal || p != g->pos.mover) return PyList_New(0);
    }
    if (g->race.on) return race_legal(&g->race, -1);
    if (self->pending) return int_list(self->options, self->n_options);
    return int_list(g->aids, g->terminal ? 0 : g->n_legal);
}

static PyObject *Core_is_terminal(Core *self, PyObject *unused) {
    (void)unused;
    DEMOTED("is_terminal", NULL, 0);
    return PyBool_FromLong(self->g->terminal);
}

static PyObject *Core_current_player(Core *self, PyObject *unused) {
    (void)unused;
    DEMOTED("current_player", NULL, 0);
    const Race *race = &self->g->race;
    if (race->on)  /* -2: both at once (pyspiel.PlayerId.SIMULTANEOUS) */
        return PyLong_FromLong(race->part[0].choosing && race->part[1].choosing ? -2 : race->part[0].choosing ? 0 : 1);
    return PyLong_FromLong(self->g->terminal ? -4 : self->g->pos.mover);
}

static PyObject *Core_is_simultaneous_node(Core *self, PyObject *unused) {
    (void)unused;
    DEMOTED("is_simultaneous_node", NULL, 0);
    const Race *race = &self->g->race;
    return PyBool_FromLong(race->on && race->part[0].choosing && race->part[1].choosing);
}

/* Room for `more` actions in the history; 0, or -1 with MemoryError set. */
static int history_room(Core *self, int more) {
    if (self->n_history + more <= self->cap_history) return 0;
    int cap = self->cap_history ? 2 * self->cap_history : 64;
    int *h = realloc(self->history, cap * sizeof(int));
    if (!h) { PyErr_NoMemory(); return -1; }
    self->history = h;
    self->cap_history = cap;
    return 0;
}

/* apply_action in the opening race: a flat joint action at a simultaneous node (both
 * players' starts go into the history, South's first, as State.apply_actions records them),
 * else the chooser's start; anything else goes to the Python State for its error. */
static PyObject *race_action(Core *self, long action, PyObject *given) {
    GameState *g = self->g;
    Runner *r = &self->stages->r;
    RacePart *a = &g->race.part[0], *b = &g->race.part[1];
    int south = -1, north = -1, p = a->choosing ? 0 : 1, i = -1, status;
    if (a->choosing && b->choosing) {
        if (action >= 0 && action < (long)a->n_legal * b->n_legal) {
            south = (int)(action % a->n_legal);
            north = (int)(action / a->n_legal);
        }
    } else {
        for (int j = 0; j < g->race.part[p].n_legal; j++) if (g->race.part[p].aids[j] == action) { i = j; break; }
    }
    if (south < 0 && i < 0) {
        PyObject *out = PyObject_CallMethod((PyObject *)self, "_refuse", "O", given);
        if (!out) return NULL;
        Py_DECREF(out);
        PyErr_Format(PyExc_RuntimeError, "the native state and the Python path disagree about action %ld", action);
        return NULL;
    }
    if (history_room(self, 2)) return NULL;
    if (south >= 0) {
        self->history[self->n_history++] = a->aids[south];
        self->history[self->n_history++] = b->aids[north];
        status = race_both(r, g, south, north);
    } else {
        self->history[self->n_history++] = (int)action;
        race_choose(r, g, p, i);
        status = race_run(r, g);
    }
    if (status != G_OK) { runner_error(status); return NULL; }
    Py_RETURN_NONE;
}

static PyObject *Core_move_number(Core *self, PyObject *unused) {
    (void)unused;
    DEMOTED("move_number", NULL, 0);
    return PyLong_FromLong(self->g->pos.moves_played);
}

static PyObject *Core_returns(Core *self, PyObject *unused) {
    (void)unused;
    DEMOTED("returns", NULL, 0);
    GameState *g = self->g;
    return Py_BuildValue("[dd]", g->terminal ? (double)g->ret[0] : 0.0, g->terminal ? (double)g->ret[1] : 0.0);
}

static PyObject *Core_history(Core *self, PyObject *unused) {
    (void)unused;
    DEMOTED("history", NULL, 0);
    return int_list(self->history ? self->history : (int *)"", self->n_history);
}

/* apply_action(action): a legal start is played in C; anything else goes to the Python
 * State (via the subclass's _refuse), which raises the error with its message. */
static PyObject *Core_apply_action(Core *self, PyObject *arg) {
    DEMOTED("apply_action", &arg, 1);
    GameState *g = self->g;
    PyObject *given = arg, *as_int = NULL;
    if (!PyLong_CheckExact(arg)) {  /* numpy ints and the like; TypeError for a bool, a float, ... */
        as_int = PyObject_CallMethod((PyObject *)self, "_as_action", "O", arg);
        if (!as_int) return NULL;
        arg = as_int;
    }
    long action = PyLong_AsLong(arg);
    if (action == -1 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError)) { Py_XDECREF(as_int); return NULL; }
        PyErr_Clear();
        action = LONG_MIN;
    }
    Py_XDECREF(as_int);
    if (g->race.on) return race_action(self, action, given);
    int i = -1;
    if (self->pending) {
        for (int j = 0; j < self->n_options; j++) if (self->options[j] == action) { i = j; break; }
    } else if (!g->terminal) {
        for (int j = 0; j < g->n_legal; j++) if (g->aids[j] == action) { i = j; break; }
    }
    if (i < 0) {
        PyObject *out = PyObject_CallMethod((PyObject *)self, "_refuse", "O", given);
        if (!out) return NULL;
        Py_DECREF(out);
        PyErr_Format(PyExc_RuntimeError, "the native state and the Python path disagree about action %ld", action);
        return NULL;
    }
    Runner *r = &self->stages->r;
    Kernel *k = r->stages[g->pos.stage];
    const int *P = k->p;
    if (self->n_history == self->cap_history) {
        int cap = self->cap_history ? 2 * self->cap_history : 64;
        int *h = realloc(self->history, cap * sizeof(int));
        if (!h) return PyErr_NoMemory();
        self->history = h;
        self->cap_history = cap;
    }
    if (!self->given) {
        self->given = malloc(MAX_DECISIONS * sizeof(int));
        if (!self->given) return PyErr_NoMemory();
    }
    int saved_given = self->n_given, saved_dir = self->p_dir;
    if (self->pending && self->p_dir == OPENING) {
        /* the direction chosen among the starts: a decision of the move only where its kind asks it */
        int d = (int)action - P[H_DIR_BASE];
        if (P[P[P[H_KINDS] + start_kind(P, g->masks[self->p_index], d, g->legal_kind)] + K_ASK_DIRECTION])
            self->given[self->n_given++] = (int)action;
    } else if (self->pending) {
        if (self->n_given >= MAX_DECISIONS - 1) { runner_error(G_ENDLESS); return NULL; }
        self->given[self->n_given++] = (int)action;
    } else {
        int dirs[3], nd = 0;
        for (int j = LATER; j <= CW; j++) if (g->masks[i] >> (j + 1) & 1) dirs[nd++] = j;
        self->p_index = i;
        self->n_given = 0;
        if (nd > 1) {
            /* the direction, asked before anything moves (every one offered was checked) */
            for (int j = 0; j < nd; j++) self->options[j] = P[H_DIR_BASE] + dirs[j];
            self->n_options = nd;
            self->pending = 1;
            self->p_dir = OPENING;
            self->history[self->n_history++] = (int)action;
            Py_RETURN_NONE;
        }
        self->p_dir = dirs[0];
        /* one direction the kind would ask: forced, not asked */
        if (P[P[P[H_KINDS] + start_kind(P, g->masks[i], dirs[0], g->legal_kind)] + K_ASK_DIRECTION])
            self->given[self->n_given++] = P[H_DIR_BASE] + dirs[0];
    }
    if (self->pending && self->p_dir == OPENING) self->p_dir = (int)action - P[H_DIR_BASE];
    int index = self->p_index, pit = g->pits[index], d = self->p_dir;
    int ki = start_kind(P, g->masks[index], d, g->legal_kind);
    Pos *work = &r->work;
    int res;
    for (;;) {
        /* on a copy, so that a move that cannot be played leaves the state as it was */
        pos_copy(work, &g->pos, r->ns);
        move_init(r->m, self->given, self->n_given, ASK_STOP);
        res = play(P, work, ki, pit, d, r->m, 0);
        if (res != P_NEED) break;
        int no = 0, asked = r->m->n_options;
        int *options = malloc(MAX_SLOTS * sizeof(int));
        Move *probe = malloc(sizeof(Move));
        if (!options || !probe) {
            free(options); free(probe);
            self->n_given = saved_given; self->p_dir = saved_dir;
            return PyErr_NoMemory();
        }
        memcpy(options, r->m->options, asked * sizeof(int));
        if (P[H_MUST_SIMULATE] || g->feeding) {
            budget(k);
            for (int j = 0; j < asked; j++) {
                memcpy(r->prefix, self->given, self->n_given * sizeof(int));
                r->prefix[self->n_given] = options[j];
                if (completes(k, &g->pos, ki, pit, d, g->feeding, r->prefix, self->n_given + 1, probe))
                    options[no++] = options[j];
            }
        } else {
            no = asked;
        }
        free(probe);
        if (k->stopped) {
            free(options);
            self->n_given = saved_given; self->p_dir = saved_dir;
            runner_error(G_STOPPED);
            return NULL;
        }
        if (no == 1 && self->n_given < MAX_DECISIONS - 1) {
            /* one option: forced, not asked (docs/api.md, "Forced decisions") */
            self->given[self->n_given++] = options[0];
            free(options);
            continue;
        }
        memcpy(self->options, options, no * sizeof(int));
        free(options);
        self->n_options = no;
        self->pending = 1;
        self->history[self->n_history++] = (int)action;
        Py_RETURN_NONE;
    }
    if (res != P_DONE) {
        self->n_given = saved_given; self->p_dir = saved_dir;
        runner_error(res == P_ENDLESS ? G_ENDLESS : G_BAD);
        return NULL;
    }
    self->pending = 0;
    self->history[self->n_history++] = (int)action;
    pos_copy(&g->pos, work, r->ns);
    int status = finish_move(r, g);
    if (status != G_OK) { runner_error(status); return NULL; }
    Py_RETURN_NONE;
}

static PyObject *Core_clone(Core *self, PyObject *unused) {
    (void)unused;
    PyTypeObject *type = Py_TYPE(self);
    Core *c = (Core *)type->tp_alloc(type, 0);
    if (!c) return NULL;
    Runner *r = &self->stages->r;
    GameState *g = self->g, *h = malloc(sizeof(GameState));
    if (!h) { Py_DECREF(c); return PyErr_NoMemory(); }
    if (seen_copy(&h->seen, &g->seen)) { free(h); Py_DECREF(c); return PyErr_NoMemory(); }
    c->g = h;
    pos_copy(&h->pos, &g->pos, r->ns);
    h->terminal = g->terminal;
    h->end_kind = g->end_kind;
    h->ret[0] = g->ret[0];
    h->ret[1] = g->ret[1];
    h->feeding = g->feeding;
    h->legal_kind = g->legal_kind;
    h->n_legal = g->n_legal;
    h->round = g->round;
    h->last_mover = g->last_mover;
    h->starts = g->starts;
    h->race.on = g->race.on;
    if (g->race.on) memcpy(&h->race, &g->race, sizeof(Race));
    memcpy(h->aids, g->aids, g->n_legal * sizeof(int));
    memcpy(h->pits, g->pits, g->n_legal * sizeof(int));
    memcpy(h->masks, g->masks, g->n_legal * sizeof(int));
    if (self->n_history) {
        c->history = malloc(self->cap_history * sizeof(int));
        if (!c->history) { Py_DECREF(c); return PyErr_NoMemory(); }
        memcpy(c->history, self->history, self->n_history * sizeof(int));
        c->cap_history = self->cap_history;
        c->n_history = self->n_history;
    }
    if (self->pending) {
        c->given = malloc(MAX_DECISIONS * sizeof(int));
        if (!c->given) { Py_DECREF(c); return PyErr_NoMemory(); }
        memcpy(c->given, self->given, self->n_given * sizeof(int));
        memcpy(c->options, self->options, self->n_options * sizeof(int));
        c->pending = 1;
        c->p_index = self->p_index;
        c->p_dir = self->p_dir;
        c->n_given = self->n_given;
        c->n_options = self->n_options;
    }
    Py_INCREF(self->stages);
    c->stages = self->stages;
    Py_XINCREF(self->game);
    c->game = self->game;
    if (self->demoted) {
        c->shadow = PyObject_CallMethod(self->shadow, "clone", NULL);
        if (!c->shadow) { Py_DECREF(c); return NULL; }
        c->demoted = 1;
    } else {
        Py_XINCREF(self->shadow);  /* shared: never changed in place (native.py clones it first) */
        c->shadow = self->shadow;
    }
    return (PyObject *)c;
}

static PyObject *Core_get_demoted(Core *self, void *closure) {
    (void)closure;
    return PyBool_FromLong(self->demoted);
}

static int Core_set_demoted(Core *self, PyObject *value, void *closure) {
    (void)closure;
    if (!value) { PyErr_SetString(PyExc_AttributeError, "cannot delete"); return -1; }
    int on = PyObject_IsTrue(value);
    if (on < 0) return -1;
    if (on && (!self->shadow || self->shadow == Py_None)) {
        PyErr_SetString(PyExc_ValueError, "a state plays on in Python only with its shadow set");
        return -1;
    }
    self->demoted = on;
    return 0;
}

static PyObject *Core_get_shadow(Core *self, void *closure) {
    (void)closure;
    PyObject *s = self->shadow ? self->shadow : Py_None;
    Py_INCREF(s);
    return s;
}

static int Core_set_shadow(Core *self, PyObject *value, void *closure) {
    (void)closure;
    if (self->demoted) { PyErr_SetString(PyExc_AttributeError, "the shadow of a state playing in Python is fixed"); return -1; }
    Py_XINCREF(value);
    Py_XSETREF(self->shadow, value);
    return 0;
}

static PyObject *Core_get_racing(Core *self, void *closure) {
    (void)closure;
    return PyBool_FromLong(self->g->race.on);
}

static PyObject *Core_get_game(Core *self, void *closure) {
    (void)closure;
    Py_INCREF(self->game);
    return self->game;
}

static PyGetSetDef Core_getset[] = {
    {"game", (getter)Core_get_game, NULL, "The game this state belongs to.", NULL},
    {"_shadow", (getter)Core_get_shadow, (setter)Core_set_shadow, "The Python State at the same history (or None).", NULL},
    {"_racing", (getter)Core_get_racing, NULL, "Whether the opening race is being run (in C).", NULL},
    {"_demoted", (getter)Core_get_demoted, (setter)Core_set_demoted, "Whether the shadow plays on its own.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

/* Exact solving and random playouts from a native state: a separate file. */
#include "_solve.c"

static PyMethodDef Core_methods[] = {
    {"legal_actions", (PyCFunction)(void (*)(void))Core_legal_actions, METH_FASTCALL, "The legal actions (none for another player)."},
    {"apply_action", (PyCFunction)Core_apply_action, METH_O, "Apply one action; an illegal one raises IllegalActionError and changes nothing."},
    {"is_terminal", (PyCFunction)Core_is_terminal, METH_NOARGS, "Whether the game is over."},
    {"current_player", (PyCFunction)Core_current_player, METH_NOARGS, "The player to move (-4 when the game is over, -2 when both choose at once)."},
    {"is_simultaneous_node", (PyCFunction)Core_is_simultaneous_node, METH_NOARGS, "Whether both players choose at once (the opening race)."},
    {"move_number", (PyCFunction)Core_move_number, METH_NOARGS, "Moves played so far."},
    {"returns", (PyCFunction)Core_returns, METH_NOARGS, "[South, North]: 1 a win, -1 a loss, 0 a draw or not over."},
    {"rewards", (PyCFunction)Core_returns, METH_NOARGS, "The same as returns()."},
    {"history", (PyCFunction)Core_history, METH_NOARGS, "The actions applied so far."},
    {"clone", (PyCFunction)Core_clone, METH_NOARGS, "An independent copy."},
    {"_native_clone", (PyCFunction)Core_clone, METH_NOARGS, "clone(), for subclasses that wrap it."},
    {"_solve", (PyCFunction)Core_solve, METH_VARARGS, "The exact value by MTD(f) (see rulespec/solve)."},
    {"_playout", (PyCFunction)Core_playout, METH_VARARGS, "One random game from here, the state unchanged."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "rulespec.interpreter._kernel.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "A game state in C (see interpreter/native.py's NativeState).",
    .tp_new = Core_new,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

/* Add the types of this file to the module; 0 or -1. */
static int add_game_types(PyObject *mod) {
    if (PyType_Ready(&StagesType) < 0 || PyType_Ready(&CoreType) < 0) return -1;
    Py_INCREF(&StagesType);
    if (PyModule_AddObject(mod, "Stages", (PyObject *)&StagesType) < 0) { Py_DECREF(&StagesType); return -1; }
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(mod, "Core", (PyObject *)&CoreType) < 0) { Py_DECREF(&CoreType); return -1; }
    return 0;
}
