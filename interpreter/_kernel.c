/* The move kernel: the per-move path of interpreter/moves.py (play, look-ahead legality)
 * in C, for rulesets whose blocks it covers (interpreter/kernel.py decides and assembles).
 *
 * It knows no game. Python compiles a ruleset into one flat array of ints: a header of
 * offsets, the board's tables, the move kinds, the capture programs and the conditions as
 * small trees of nodes. This file only reads that array; every rule it applies comes from
 * there. Its behaviour is pinned to the Python path by tests/test_kernel.py, which plays the
 * same games both ways and compares every action.
 *
 * It trusts nothing it is handed (docs/limits.md): a program is checked when a Kernel is made
 * (check_program), every position, start and decision on each call (read_pos, read_start,
 * ask), so no gap on the Python side can make it read or write past an array; and the
 * look-ahead is bounded (spend). tests/test_sanitizers.py runs it under ASan and UBSan.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>

/* Every constant of the program layout (header slots, records, condition codes, decisions,
 * outcomes, bounds) comes from interpreter/layout.py, written as this header by setup.py. */
#include "_layout.h"

typedef struct {
    int board[MAX_SLOTS];
    int marks[MAX_SLOTS];
    int stock[2];
    long removed;
    int stage;
    int moves_played;
    int mover;
    /* several kinds of piece (nk > 0): the count of kind k in slot q at kinds[q * nk + k];
     * board[q] stays their total */
    int nk;
    int kinds[MAX_KIND_CELLS];
} Pos;

/* Copy a position's first ns slots (a Pos holds room for the largest board). */
static void pos_copy(Pos *dst, const Pos *src, int ns) {
    memcpy(dst->board, src->board, ns * sizeof(int));
    memcpy(dst->marks, src->marks, ns * sizeof(int));
    dst->stock[0] = src->stock[0];
    dst->stock[1] = src->stock[1];
    dst->removed = src->removed;
    dst->stage = src->stage;
    dst->moves_played = src->moves_played;
    dst->mover = src->mover;
    dst->nk = src->nk;
    if (src->nk) memcpy(dst->kinds, src->kinds, (size_t)ns * src->nk * sizeof(int));
}

typedef struct {
    /* the move so far, as the conditions see it (interpreter/context.py's MoveInfo) */
    int origin, direction, kind, lifted, lap, captured, first_captured, last, first_ok, sowings;
    const int *seq;
    int seq_len, lap_hand;
    int seq_buf[MAX_SLOTS];
    int end_prog, end_who;
    int first_taken[MAX_SLOTS];
    int n_first_taken;
    int fired[MAX_FIRED];
    int taken[2 * MAX_FIRED]; /* (pit, pieces) of each pit captured, in order */
    int n_taken;
    int n_fired;
    /* decisions */
    const int *given;
    int n_given, used, ask_mode;
    int req_kind, req_at, req_in_hand, n_options, req_default;
    int options[MAX_SLOTS];
    /* several kinds of piece: the kind last dropped into each slot by this move (NONE: none;
     * valid when has_drops), the hand's kinds at a decision, and the (slot, kind, count)
     * taken, in order */
    int has_drops;
    int last_drop[MAX_SLOTS];
    int hand_kinds[MAX_PIECE_KINDS];
    int taken_kinds[3 * MAX_SLOTS];
    int n_taken_kinds;
} Move;

typedef struct {
    PyObject_HEAD
    int *p;
    Py_ssize_t n;
    long bound_hits;
    int bound_pit;
    long plays;     /* plays made by the current call (the search budget) */
    int stopped;    /* 1: interrupted (a Python exception is set), 2: over the budget */
} Kernel;

static PyObject *LimitError;

/* ---------------------------------------------------------------- conditions */

static int match(const int *p, const int *m, int n) {
    if (m[0] == MATCH_RANGE)
        return m[1] <= n && n <= m[2];
    if (m[0] == MATCH_ARITHMETIC) {  /* low, high, parity (-1: any), modulus (0: any) */
        const int *r = p + m[1];
        return r[0] <= n && n <= r[1] && (r[2] < 0 || ((n % 2) + 2) % 2 == r[2])
            && (r[3] == 0 || n % r[3] == 0);
    }
    const int *set = p + m[1];
    for (int i = 1; i <= set[0]; i++)
        if (set[i] == n) return 1;
    return 0;
}

/* Whose pit q is now: its row's player, or the holder of a mark that holds it (H_HELD: -1, or
 * the offset of [South's bits, North's bits] of the marks that make a pit their owner's;
 * interpreter/holding.py). */
static int owner_at(const int *p, const Pos *s, int q) {
    if (q < 0) q += p[H_NSLOTS];  /* no pit (NONE): as Python indexes a list, the last slot */
    if (q < 0) return NONE;
    if (p[H_HELD] >= 0) {
        const int *held = p + p[H_HELD];
        if (s->marks[q] & held[0]) return 0;
        if (s->marks[q] & held[1]) return 1;
    }
    return p[p[H_OWNER] + q];
}

/* The pieces on the pits a player holds now (their row's, where pits never change hands). */
static int side_sum(const int *p, const Pos *s, int player) {
    int total = 0;
    if (p[H_HELD] >= 0) {
        for (int q = 0; q < p[H_NPITS]; q++)
            if (owner_at(p, s, q) == player) total += s->board[q];
        return total;
    }
    const int *own = p + p[p[H_OWN] + player];
    for (int i = 1; i <= own[0]; i++) total += s->board[own[i]];
    return total;
}

/* Whether no pit of the list that `player` holds now has a piece (where pits change hands the
 * list holds every candidate pit, whoever holds it). */
static int none_held(const int *p, const Pos *s, const int *pits, int player) {
    for (int k = 1; k <= pits[0]; k++)
        if (s->board[pits[k]] && (p[H_HELD] < 0 || owner_at(p, s, pits[k]) == player)) return 0;
    return 1;
}

/* Whether the current lap dropped a piece into pit. */
static int sown_into(const Move *m, int pit) {
    for (int i = 0; i < m->seq_len && i < m->lap_hand; i++)
        if (m->seq[i] == pit) return 1;
    return 0;
}

static int piece_test(const int *p, const int *c, const Pos *s, int pit, const Move *m);

static int test(const int *p, int node, const Pos *s, int pit, const Move *m) {
    const int *c = p + node;
    switch (c[0]) {
    case C_TRUE:
        return 1;
    case C_AND:
        for (int i = 0; i < c[1]; i++)
            if (!test(p, c[2 + i], s, pit, m)) return 0;
        return 1;
    case C_OR:
        for (int i = 0; i < c[1]; i++)
            if (test(p, c[2 + i], s, pit, m)) return 1;
        return 0;
    case C_NOT:
        return !test(p, c[1], s, pit, m);
    case C_SIDE: {
        if (c[1] == 2) {  /* neutral: by its row */
            int q = pit < 0 ? pit + p[H_NSLOTS] : pit;
            return q >= 0 && p[p[H_OWNER] + q] == NONE;
        }
        return owner_at(p, s, pit) == (s->mover ^ c[1]);
    }
    case C_ROW:
        return p[p[H_ROW] + pit] == c[1];
    case C_INSET:
        return p[c[1] + pit] != 0;
    case C_STORE:
        return (pit >= p[H_NPITS]) == c[1];
    case C_COUNT:
        return match(p, c + 1, s->board[pit]);
    case C_COUNT_BEFORE:
        /* just before the last piece this lap dropped there fell */
        return match(p, c + 1, s->board[pit] - (pit == m->last || sown_into(m, pit)));
    case C_MARK:
        return (s->marks[pit] & c[1]) != 0;
    case C_OPPOSITE: case C_BEHIND: case C_MIRROR: {
        int q = p[p[c[0] == C_OPPOSITE ? H_OPP : c[0] == C_BEHIND ? H_BEHIND : H_MIRROR] + pit];
        return q != NONE && test(p, c[1], s, q, m);
    }
    case C_COLUMN: {  /* some other pit of the pit's column (across the ranks) */
        if (pit < 0 || pit >= p[H_NPITS]) return 0;
        const int *col = p + p[p[H_COLUMN] + pit];
        for (int i = 1; i <= col[0]; i++) if (test(p, c[1], s, col[i], m)) return 1;
        return 0;
    }
    case C_MARK_OWNER:  /* an owned mark's bit: c[1] South's, c[2] North's, c[3] 1 for the opponent's */
        return (s->marks[pit] & c[1 + (s->mover ^ c[3])]) != 0;
    case C_START:
        return (pit == m->origin) == c[1];
    case C_LAST:
        return (pit == m->last) == c[1];
    case C_AFTER_LAST: {
        int q = NONE;
        if (m->direction >= 0 && m->last != NONE)
            q = p[p[H_STEPS] + (s->mover * 2 + m->direction) * p[H_NSLOTS] + m->last];
        return (q != NONE && pit == q) == c[1];
    }
    case C_NEXT: {
        if (m->direction < 0) return 0;
        int q = p[p[H_STEPS] + (s->mover * 2 + m->direction) * p[H_NSLOTS] + pit];
        return q != NONE && test(p, c[1], s, q, m);
    }
    case C_PREVIOUS: {  /* the pit before: the next one along the circuit run the other way */
        if (m->direction < 0) return 0;
        int q = p[p[H_STEPS] + (s->mover * 2 + (1 - m->direction)) * p[H_NSLOTS] + pit];
        return q != NONE && test(p, c[1], s, q, m);
    }
    case C_ORIGIN:
        return m->origin != NONE && test(p, c[1], s, m->origin, m);
    case C_LIFTED:
        return match(p, c + 1, m->lifted);
    case C_LAP:
        return match(p, c + 1, m->lap);
    case C_STAGE:
        return (c[1] >> s->stage) & 1;
    case C_STOCK:
        return match(p, c + 1, s->stock[s->mover]);
    case C_STOCKS:
        return match(p, c + 1, s->stock[0] + s->stock[1]);
    case C_OWN_SIDE:
        return match(p, c + 1, side_sum(p, s, s->mover));
    case C_OPPONENT_SIDE:
        return match(p, c + 1, side_sum(p, s, 1 - s->mover));
    case C_MOVES_PLAYED:
        return match(p, c + 1, s->moves_played);
    case C_DIRECTION:
        return m->direction == c[1];
    case C_ON_BOARD: {
        int total = 0;
        for (int q = 0; q < p[H_NPITS]; q++) total += s->board[q];
        return match(p, c + 1, total);
    }
    case C_CAPTURED:
        return (m->captured > 0) == c[1];
    case C_MOVE_KIND:
        return m->kind >= 0 && ((c[1] >> m->kind) & 1);
    case C_COUNT_PITS: {
        /* c: op, where, matcher[3], candidates[2] */
        const int *cand = p + c[5 + s->mover];
        int n = 0;
        for (int i = 1; i <= cand[0]; i++)
            if (test(p, c[1], s, cand[i], m)) n++;
        return match(p, c + 2, n);
    }
    case C_DROPPED: case C_BEFORE: case C_IN_PLAY:
        return piece_test(p, c, s, pit, m);
    }
    return 0;
}

/* ---------------------------------------------------------------- decisions */

/* The answer to a decision: the next given one, the first option, -1 (stop and report) or
 * -2 (a given decision that is not an option). */
static int ask(Move *m, int kind, int at, int in_hand, int n, const int *options, int dflt) {
    int answer;
    if (m->used < m->n_given) {
        answer = m->given[m->used++];
        int known = 0;
        for (int i = 0; i < n; i++) if (options[i] == answer) known = 1;
        if (!known) return -2;
    } else if (m->ask_mode == ASK_FIRST) {
        int best = options[0];
        for (int i = 1; i < n; i++) if (options[i] < best) best = options[i];
        answer = best;
    } else {
        if (n > MAX_SLOTS) return -2;
        m->req_kind = kind;
        m->req_at = at;
        m->req_in_hand = in_hand;
        m->req_default = dflt;
        m->n_options = n;
        memcpy(m->options, options, n * sizeof(int));
        /* options sorted, as a Request keeps them */
        for (int i = 1; i < n; i++)
            for (int j = i; j > 0 && m->options[j - 1] > m->options[j]; j--) {
                int t = m->options[j]; m->options[j] = m->options[j - 1]; m->options[j - 1] = t;
            }
        return -1;
    }
    return answer;
}

#define ASK(var, kind, at, hand, n, opts, dflt) \
    do { var = ask(m, kind, at, hand, n, opts, dflt); if (var < 0) return var == -1 ? P_NEED : P_BAD; } while (0)

static void fire(Move *m, int event) {
    if (m->n_fired < MAX_FIRED) m->fired[m->n_fired++] = event;
}

/* ---------------------------------------------------------------- the move */

static void lifted_from(const int *P, Pos *s, int pit) {
    if (P[H_CLEAR_LIFT]) s->marks[pit] &= ~P[H_CLEAR_LIFT];
    if (P[H_CLEAR_LIFT_ALL] && !s->board[pit]) s->marks[pit] &= ~P[H_CLEAR_LIFT_ALL];
}

static int in_list(const int *pits, int n, int q) {
    for (int i = 0; i < n; i++) if (pits[i] == q) return 1;
    return 0;
}

static int add_pit(int *pits, int n, int q) {
    if (in_list(pits, n, q) || n >= MAX_SLOTS) return n;
    pits[n] = q;
    return n + 1;
}

/* A chain selector's run of pits, from the landing pit (or the one opposite).
 * sel: op, while, backwards, from_opposite, skip_first, length, exactly */
static int chain_pits(const int *P, const int *sel, Pos *s, int last, Move *m, int *run) {
    const int *opp = P + P[H_OPP];
    int d = m->direction >= 0 ? m->direction : CCW;
    const int *step = P + P[H_STEPS] + (s->mover * 2 + (sel[2] ? 1 - d : d)) * P[H_NSLOTS];
    int q = sel[3] ? opp[last] : last;
    if (q != NONE && sel[4]) q = step[q];
    int k = 0;
    for (int j = 0; j < sel[5] && k < MAX_SLOTS; j++) {
        if (q == NONE || !test(P, sel[1], s, q, m)) break;
        run[k++] = q;
        q = step[q];
    }
    if (sel[6] && k != sel[5]) k = 0;
    return k;
}

/* The pits a capture's selectors take, in order, each once. */
static int taken_pits(const int *P, const int *cap, Pos *s, int last, Move *m, int *out) {
    int n = 0, ns = cap[CP_NSEL];
    const int *opp = P + P[H_OPP], *behind = P + P[H_BEHIND];
    for (int i = 0; i < ns; i++) {
        const int *sel = P + cap[CP_SELS + i];
        switch (sel[0]) {
        case SEL_LANDING:
            n = add_pit(out, n, last);
            break;
        case SEL_OPPOSITE:
            if (opp[last] != NONE) n = add_pit(out, n, opp[last]);
            break;
        case SEL_BEHIND_OPPOSITE:
            if (opp[last] != NONE && behind[opp[last]] != NONE) n = add_pit(out, n, behind[opp[last]]);
            break;
        case SEL_OPPONENT_COLUMN: {  /* the opponent's pits in the landing pit's column */
            if (last < 0 || last >= P[H_NPITS]) break;
            const int *col = P + P[P[H_COLUMN] + last];
            for (int j = 1; j <= col[0]; j++)
                if (P[P[H_OWNER] + col[j]] == 1 - s->mover) n = add_pit(out, n, col[j]);
            break;
        }
        case SEL_CHAIN: {
            int run[MAX_SLOTS], k = chain_pits(P, sel, s, last, m, run);
            for (int j = 0; j < k; j++) n = add_pit(out, n, run[j]);
            break;
        }
        }
    }
    return n;
}

static int take(const int *P, const int *cap, Pos *s, const int *pits, int n, Move *m) {
    int *b = s->board;
    if (cap[CP_FORFEIT]) {
        int opp = 1 - s->mover, taken = 0;
        int on_side = side_sum(P, s, opp);
        for (int i = 0; i < n; i++) if (owner_at(P, s, pits[i]) == opp) taken += b[pits[i]];
        if (on_side && taken == on_side) return 0;
    }
    int total = 0, clear = P[H_CLEAR_CAPTURE], most = cap[CP_MOST];
    for (int i = 0; i < n; i++) {
        int q = pits[i], k = most && b[q] > most ? most : b[q];  /* at most `most` a pit (0: all) */
        if (k && m->n_taken < MAX_FIRED) {
            m->taken[2 * m->n_taken] = q;
            m->taken[2 * m->n_taken + 1] = k;
            m->n_taken++;
        }
        total += k;
        b[q] -= k;
        if (clear && !b[q]) s->marks[q] &= ~clear;
    }
    if (cap[CP_TO] == TO_STORE && P[P[H_STORE] + s->mover] != NONE) b[P[P[H_STORE] + s->mover]] += total;
    else if (cap[CP_TO] == TO_REMOVED) s->removed += total;
    else if (cap[CP_TO] == TO_LANDING && m->last >= 0) b[m->last] += total;  /* back into the landing pit */
    return total;
}

/* The pit captured pieces are sown from (sets the move's direction), or -1 with *status set. */
static int entry_pit(const int *P, const int *cap, Pos *s, int last, Move *m, int hand, int *status) {
    const int *along = P + P[H_ALONG] + s->mover * P[H_NSLOTS];
    const int *xcol = P + P[H_XCOL];
    const int *cand = P + cap[CP_ENTRY_PITS0 + s->mover];
    int entries[MAX_SLOTS], n = 0;
    for (int i = 1; i <= cand[0] && n < MAX_SLOTS; i++)
        if (test(P, cap[CP_ENTRY], s, cand[i], m)) entries[n++] = cand[i];
    if (!n) { *status = P_ENDLESS; return -1; }
    int chosen = NONE;
    if (n == 1) {
        chosen = entries[0];
    } else if (cap[CP_NEAREST] >= 0 && test(P, cap[CP_NEAREST], s, last, m)) {
        int best = -1, best_d = 0;
        for (int i = 0; i < n; i++) {
            int dist = abs(xcol[entries[i]] - xcol[last]);
            if (best < 0 || dist < best_d || (dist == best_d && entries[i] < best)) { best = entries[i]; best_d = dist; }
        }
        chosen = best;
    } else if (cap[CP_KEEP_DIRECTION] && m->direction != LATER) {
        int same = NONE, k = 0;
        for (int i = 0; i < n; i++) if (along[entries[i]] == m->direction) { same = entries[i]; k++; }
        if (k == 1) chosen = same;
    }
    if (chosen == NONE) {
        int opts[MAX_SLOTS], base = P[H_PICK_BASE];
        for (int i = 0; i < n; i++) opts[i] = base + entries[i];
        int a = ask(m, R_ENTRY, last, hand, n, opts, -1);
        if (a < 0) { *status = a == -1 ? P_NEED : P_BAD; return -1; }
        chosen = a - base;
    }
    /* CP_ENTRY_TURNS: 0 keep the move's direction, 1 the entry sets it, 2 + d always direction d */
    if (cap[CP_ENTRY_TURNS] >= 2) m->direction = cap[CP_ENTRY_TURNS] - 2;
    else if (along[chosen] != LATER && (cap[CP_ENTRY_TURNS] || m->direction == LATER)) m->direction = along[chosen];
    return chosen;
}

/* What a condition ending the game sees of the move: nothing (the turn's blank context). */
static const Move BLANK_MOVE = {.origin = NONE, .direction = CCW, .kind = -1, .lap = 1, .last = NONE};

static int during_end(const int *P, const Pos *s, Move *m) {
    const int *list = P + P[H_DURING];
    for (int i = 0; i < P[H_NDURING]; i++) {
        /* record: who (0 any, 1 mover, 2 opponent, 3 a condition, read for the mover),
         * pits0 offset, pits1 offset, condition (pit-free: tested on slot 0) */
        const int *rec = P + list[i];
        if (rec[0] == D_CONDITION) {
            if (test(P, rec[3], s, 0, &BLANK_MOVE)) { m->end_prog = i; m->end_who = s->mover; return 1; }
            continue;
        }
        int players[2], np;
        if (rec[0] == D_ANY) { players[0] = s->mover; players[1] = 1 - s->mover; np = 2; }
        else if (rec[0] == D_OPPONENT) { players[0] = 1 - s->mover; np = 1; }
        else { players[0] = s->mover; np = 1; }
        for (int j = 0; j < np; j++) {
            const int *pits = P + rec[1 + players[j]];
            if (none_held(P, s, pits, players[j])) { m->end_prog = i; m->end_who = players[j]; return 1; }
        }
    }
    return 0;
}

/* Sow a lap piece by piece, taking at once each pit where a capture-while-passing rule holds
 * (record: condition, taken by the pit's owner, the lap's last pit tested too); the last pit. */
static int sow_passing(const int *P, Pos *s, const int *items, int n, int hand, Move *m) {
    int *b = s->board;
    const int *list = P + P[H_PASSING], *store = P + P[H_STORE];
    int ncaps = P[H_NCAPS];
    for (int i = 0; i < hand; i++) {
        int q = items[i % n];
        b[q]++;
        if (i == hand - 1) m->last = q;
        for (int j = 0; j < P[H_NPASSING]; j++) {
            const int *rule = P + list[j];
            if ((i < hand - 1 || rule[2]) && test(P, rule[0], s, q, m)) {
                int o = rule[1] ? owner_at(P, s, q) : NONE, who = o >= 0 ? o : s->mover;
                if (b[q] && m->n_taken < MAX_FIRED) {  /* as moves.py's _sow_passing records it */
                    m->taken[2 * m->n_taken] = q;
                    m->taken[2 * m->n_taken + 1] = b[q];
                    m->n_taken++;
                }
                b[store[who]] += b[q];
                if (who == s->mover) m->captured += b[q];
                b[q] = 0;
                fire(m, ncaps + j);
                break;
            }
        }
    }
    return hand ? items[(hand - 1) % n] : items[n - 1];
}

/* Pieces in pits carrying an owned mark that sends them on go to the mark's owner's store
 * (list: n, then (mark bit, owner) pairs). */
static void to_owners(const int *P, Pos *s) {
    const int *list = P + P[H_TO_OWNER], *store = P + P[H_STORE];
    int *b = s->board;
    for (int q = 0; q < P[H_NPITS]; q++) {
        if (!b[q] || !s->marks[q]) continue;
        for (int i = 0; i < list[0]; i++)
            if (s->marks[q] & list[1 + 2 * i]) {
                b[store[list[2 + 2 * i]]] += b[q];
                b[q] = 0;
            }
    }
}

static void move_init(Move *m, const int *given, int n_given, int ask_mode) {
    m->lifted = m->captured = m->first_captured = 0;
    m->lap = 1;
    m->last = NONE;
    m->first_ok = 1;
    m->sowings = 1;
    m->seq = NULL;
    m->seq_len = m->lap_hand = 0;
    m->end_prog = -1;
    m->end_who = -1;
    m->n_first_taken = 0;
    m->n_fired = 0;
    m->n_taken = 0;
    m->given = given;
    m->n_given = n_given;
    m->used = 0;
    m->ask_mode = ask_mode;
    m->req_kind = R_NONE;
    m->has_drops = 0;
    m->n_taken_kinds = 0;
}

static int last_placed(const Move *m) { return m->last == NONE ? m->origin : m->last; }

/* ---------------------------------------------------------------- several kinds of piece */
/* moves.play_kinds and the conditions about kinds (dropped, before, in_play), for programs
 * with a pieces record (H_PIECES; kernel.py's Assembler.pieces):
 *   nk, order_choice, kind_base, piece_base, values[nk] (offset), capturable[nk] (offset),
 *   per capture (offset each): only_capturable, npicks, (count, run, wanted, from, or_store) * npicks
 * where run is a chain selector (as SEL_CHAIN) whose length counts the picks, or -1 (count
 * picks), and wanted a bit set of kinds. */

/* The kinds of piece a program's positions hold (0: one kind, the board's counts alone). */
static int piece_kinds(const int *P) { return P[H_PIECES] >= 0 ? P[P[H_PIECES] + PC_NK] : 0; }

/* A slot as Python indexes a list (a negative one from the end). */
static int slot_of(int q, int ns) { return q >= 0 ? q : ns + q; }

static int kinds_in(const Pos *s, int q, int mask) {
    int total = 0;
    for (int k = 0; k < s->nk; k++)
        if (mask >> k & 1) total += s->kinds[q * s->nk + k];
    return total;
}

/* c: op, kinds (bit set), then a matcher for before / in_play */
static int piece_test(const int *p, const int *c, const Pos *s, int pit, const Move *m) {
    int ns = p[H_NSLOTS];
    if (!s->nk) return c[0] == C_DROPPED ? 0 : match(p, c + 2, 0);
    if (c[0] == C_IN_PLAY) {
        int total = 0;
        for (int q = 0; q < p[H_NPITS]; q++) total += kinds_in(s, q, c[1]);
        return match(p, c + 2, total);
    }
    int q = slot_of(pit, ns);  /* (no pit: Python reads the last slot's counts, and no drop) */
    if (q < 0) return 0;
    int dropped = pit >= 0 && m->has_drops && m->last_drop[q] != NONE && (c[1] >> m->last_drop[q] & 1);
    if (c[0] == C_DROPPED) return dropped;
    return match(p, c + 2, kinds_in(s, q, c[1]) - dropped);
}

/* The points a slot's pieces are worth (their kinds' values). */
static int slot_points(const int *P, const Pos *s, int q) {
    const int *values = P + P[P[H_PIECES] + PC_VALUES];
    long long total = 0;  /* (kernel.py refuses values whose totals could leave 32 bits) */
    for (int k = 0; k < s->nk; k++) total += (long long)s->kinds[q * s->nk + k] * values[k];
    return total > INT_MAX / 4 ? INT_MAX / 4 : total < -(INT_MAX / 4) ? -(INT_MAX / 4) : (int)total;
}

/* Move n pieces of kind k from slot q to slot to; record them as taken. */
static void take_kind(Pos *s, Move *m, int q, int k, int n, int to) {
    s->kinds[q * s->nk + k] -= n;
    s->board[q] -= n;
    s->kinds[to * s->nk + k] += n;
    s->board[to] += n;
    if (m->n_taken_kinds < MAX_SLOTS) {
        int *t = m->taken_kinds + 3 * m->n_taken_kinds++;
        t[0] = q; t[1] = k; t[2] = n;
    }
    if (m->n_taken && m->taken[2 * m->n_taken - 2] == q) {
        m->taken[2 * m->n_taken - 1] += n;
    } else if (m->n_taken < MAX_FIRED) {
        m->taken[2 * m->n_taken] = q;
        m->taken[2 * m->n_taken + 1] = n;
        m->n_taken++;
    }
}

/* One lap with the mover choosing the kind of each piece dropped (when the sowing says so),
 * then the first capture that holds: its pits' pieces (only the capturable kinds, when it
 * says so), then the pieces the mover picks. */
static int play_pieces(const int *P, Pos *s, const int *kind, int pit, Move *m, int probe) {
    const int *pc = P + P[H_PIECES];
    const int *capturable = P + pc[PC_CAPTURABLE];
    int nk = s->nk, ns = P[H_NSLOTS], mover = s->mover, *b = s->board, *kc = s->kinds;
    int hand[MAX_PIECE_KINDS];
    memcpy(hand, kc + pit * nk, nk * sizeof(int));
    memset(kc + pit * nk, 0, nk * sizeof(int));
    int remaining = b[pit];
    b[pit] = 0;
    m->lifted = remaining;
    lifted_from(P, s, pit);
    int d = m->direction >= 0 ? m->direction : CCW;
    const int *seq = P + P[P[H_AFTER] + (mover * 2 + d) * ns + pit];
    int n = seq[0];
    if (!n) return P_ENDLESS;
    for (int q = 0; q < ns; q++) m->last_drop[q] = NONE;
    m->has_drops = 1;
    int i = 0, last = pit;
    while (remaining) {
        int q = seq[1 + i % n], k = 0;
        i++;
        if (pc[PC_ORDER_CHOICE]) {
            int opts[MAX_PIECE_KINDS], no = 0, a;
            for (int j = 0; j < nk; j++) if (hand[j]) opts[no++] = pc[PC_KIND_BASE] + j;
            memcpy(m->hand_kinds, hand, nk * sizeof(int));
            ASK(a, R_PIECE, q, remaining, no, opts, -1);
            k = a - pc[PC_KIND_BASE];
        } else {
            while (k < nk - 1 && !hand[k]) k++;
        }
        if (k < 0 || k >= nk || !hand[k]) return P_BAD;
        hand[k]--;
        remaining--;
        b[q]++;
        kc[q * nk + k]++;
        m->last_drop[q] = k;
        last = q;
    }
    m->last = last;
    m->seq = seq + 1;
    m->seq_len = n;
    m->lap_hand = m->lifted;
    if (!kind[K_CAPTURES]) return P_DONE;
    const int *caps = P + P[H_CAPS];
    int pits[MAX_SLOTS];
    int store = slot_of(P[P[H_STORE] + mover], ns), ostore = slot_of(P[P[H_STORE] + 1 - mover], ns);
    for (int c = 0; c < P[H_NCAPS]; c++) {
        const int *cap = P + caps[c];
        if (!test(P, cap[CP_WHEN], s, last, m)) continue;
        if (cap[CP_OPTIONAL] && !probe) {
            int base = P[H_RELAY_BASE], opts[2] = {base, base + 1}, a;
            ASK(a, R_CAPTURE, last, 0, 2, opts, base);
            if (a != base) continue;  /* declined: as if the rule had not held */
        }
        int np = taken_pits(P, cap, s, last, m, pits);
        if (probe) {
            memcpy(m->first_taken, pits, np * sizeof(int));
            m->n_first_taken = np;
            m->first_captured = 1;
            return P_DONE;
        }
        if (store < 0) return P_BAD;
        const int *rec = P + pc[PC_CAPS + c];
        int taken = 0;
        for (int j = 0; j < np; j++)
            for (int k = 0; k < nk; k++) {
                int count = kc[pits[j] * nk + k];
                if (count && (capturable[k] || !rec[0])) {
                    take_kind(s, m, pits[j], k, count, store);
                    taken += count;
                }
            }
        for (int j = 0; j < rec[1]; j++) {
            const int *pick = rec + 2 + PK_SIZE * j;
            int times = pick[PK_RUN] >= 0 ? chain_pits(P, P + pick[PK_RUN], s, last, m, pits) : pick[PK_COUNT];
            for (int t = 0; t < times; t++) {
                int opts[MAX_SLOTS], no = 0, a;
                for (int q = 0; q < P[H_NPITS]; q++)
                    for (int k = 0; k < nk; k++)
                        if ((pick[PK_WANTED] >> k & 1) && kc[q * nk + k] && no < MAX_SLOTS
                            && test(P, pick[PK_FROM], s, q, m))
                            opts[no++] = pc[PC_PIECE_BASE] + q * nk + k;
                if (!no && pick[PK_OR_STORE] && ostore >= 0)
                    for (int k = 0; k < nk; k++)
                        if ((pick[PK_WANTED] >> k & 1) && kc[ostore * nk + k] && no < MAX_SLOTS)
                            opts[no++] = pc[PC_PIECE_BASE] + ostore * nk + k;
                if (!no) break;
                ASK(a, R_PICK, last, 0, no, opts, -1);
                int q = (a - pc[PC_PIECE_BASE]) / nk, k = (a - pc[PC_PIECE_BASE]) % nk;
                take_kind(s, m, q, k, 1, store);
                taken++;
            }
        }
        m->captured = taken;
        m->first_captured = taken > 0;
        fire(m, c);
        break;
    }
    return P_DONE;
}

/* Play one move from (kind, pit, direction) on s, in place. With probe, stop after the first
 * lap and record what its capture would take. */
static int play(const int *P, Pos *s, int kind_index, int pit, int direction, Move *m, int probe) {
    const int *kind = P + P[P[H_KINDS] + kind_index];
    const int ns = P[H_NSLOTS];
    int *b = s->board;
    int mover = s->mover;
    m->origin = pit;
    m->direction = direction;
    m->kind = kind[K_NAME];
    if (kind[K_ASK_DIRECTION]) {
        int opt = P[H_DIR_BASE] + direction, a;
        ASK(a, R_DIRECTION, pit, 0, 1, &opt, -1);
        (void)a;
    }
    if (s->nk) return play_pieces(P, s, kind, pit, m, probe);
    int hand, landed;
    if (kind[K_LIFT_ALL]) {
        hand = b[pit];
        b[pit] = 0;
        m->lifted = hand;
        lifted_from(P, s, pit);
        landed = 0;
    } else if (kind[K_TAKE] == TAKE_NONE) {
        int drop = kind[K_DROP];
        if (drop) { s->stock[mover] -= drop; b[pit] += drop; }
        if (s->stock[mover] < 0) return P_BAD;
        hand = 0;
        m->lifted = drop;
        m->seq_buf[0] = pit;
        m->seq = m->seq_buf;
        m->seq_len = 1;
        m->lap_hand = drop;
        landed = 1;
    } else {
        int drop = kind[K_DROP];
        if (drop) { s->stock[mover] -= drop; b[pit] += drop; }
        if (drop && s->stock[mover] < 0) return P_BAD;
        if (kind[K_TAKE] == TAKE_ANY) {
            int base = P[H_NUMBER_BASE], opts[MAX_SLOTS], a;
            if (b[pit] > MAX_SLOTS) return P_LIMIT;
            for (int i = 0; i < b[pit]; i++) opts[i] = base + i + 1;
            ASK(a, R_COUNT, pit, 0, b[pit], opts, -1);
            hand = a - base;
        } else {
            hand = kind[K_TAKE] == TAKE_ALL ? b[pit] : kind[K_TAKE];
        }
        if (hand < 0 || hand > b[pit]) return P_BAD;
        b[pit] -= hand;
        lifted_from(P, s, pit);
        /* more pits lifted into the same hand, the mover choosing each (or stopping) */
        for (int j = 0; j < kind[K_MORE_PITS]; j++) {
            const int *own = P + P[P[H_OWN] + mover];
            int opts[MAX_SLOTS + 1], no = 0, stop = P[H_RELAY_BASE] + 1, a;
            for (int i = 1; i <= own[0]; i++)
                if (b[own[i]] && own[i] != pit) opts[no++] = P[H_PICK_BASE] + own[i];
            if (!no) break;
            opts[no++] = stop;
            ASK(a, R_MORE, pit, hand, no, opts, stop);
            if (a == stop) break;
            int q = a - P[H_PICK_BASE];
            hand += b[q];
            b[q] = 0;
            lifted_from(P, s, q);
        }
        m->lifted = hand;
        landed = 0;
        if (kind[K_PLACEMENT]) {
            /* each piece put into a pit of the mover's choice */
            int opts[MAX_SLOTS], a, n = P[H_NPITS];
            for (int q = 0; q < n; q++) opts[q] = P[H_PICK_BASE] + q;
            while (hand) {
                ASK(a, R_PLACE, last_placed(m), hand, n, opts, -1);
                m->last = a - P[H_PICK_BASE];
                b[m->last]++;
                hand--;
            }
            if (m->last == NONE) m->last = pit;
            m->lap = m->sowings = 1;
            return P_DONE;
        }
    }
    int last = pit, entry = NONE, laps = 0;
    int n_caps = kind[K_CAPTURES] ? P[H_NCAPS] : 0;
    const int *caps = P + P[H_CAPS];
    const int *after = P + P[H_AFTER], *loop = P + P[H_LOOP];
    int max_laps = P[H_MAX_LAPS], skip = P[H_SKIP], require = kind[K_REQUIRE];
    int relay = P[H_RELAY];
    int pits[MAX_SLOTS];
    for (;;) {
        if (!landed) {
            int d = m->direction;
            if (d == LATER) {
                int opts[2] = {P[H_DIR_BASE] + CCW, P[H_DIR_BASE] + CW}, a;
                ASK(a, R_DIRECTION, last, hand, 2, opts, -1);
                d = a - P[H_DIR_BASE];
                m->direction = d;
            }
            const int *seq;
            if (entry != NONE) {
                seq = P + loop[(mover * 2 + d) * ns + entry];
                entry = NONE;
            } else if (laps == 0 && P[H_FIRST_INTO_ORIGIN] && hand > 1) {
                seq = P + loop[(mover * 2 + d) * ns + last];  /* the first piece back into the origin */
            } else {
                seq = P + after[(mover * 2 + d) * ns + last];
            }
            int n = seq[0];
            const int *items = seq + 1;
            if (n > MAX_SLOTS) return P_LIMIT;
            int lap[MAX_SLOTS];
            if (skip >= 0) {
                int k = 0;
                for (int i = 0; i < n; i++)
                    if (!test(P, skip, s, items[i], m)) lap[k++] = items[i];
                items = lap;
                n = k;
            }
            if (!n) return P_ENDLESS;
            if (P[H_NPASSING]) {
                last = sow_passing(P, s, items, n, hand, m);
            } else if (hand <= n) {
                for (int i = 0; i < hand; i++) b[items[i]]++;
                last = hand ? items[hand - 1] : items[n - 1];
            } else {
                int q = hand / n, r = hand % n;
                for (int i = 0; i < n; i++) b[items[i]] += q + (i < r ? 1 : 0);
                last = r ? items[r - 1] : items[n - 1];
            }
            if (P[P[H_TO_OWNER]]) to_owners(P, s);
            if (items == lap) {
                memcpy(m->seq_buf, lap, n * sizeof(int));
                items = m->seq_buf;
            }
            m->seq = items;
            m->seq_len = n;
            m->lap_hand = hand;
        }
        landed = 0;
        laps++;
        if (laps > max_laps) return P_ENDLESS;
        m->lap = laps;
        m->last = last;
        if (laps == 1 && require >= 0) m->first_ok = test(P, require, s, last, m);
        if (P[H_NDURING] && during_end(P, s, m)) {
            m->sowings = laps;
            return P_DONE;
        }
        int ended = 0, sow_on = 0;
        for (int i = 0; i < n_caps; i++) {
            const int *cap = P + caps[i];
            if (!test(P, cap[CP_WHEN], s, last, m)) continue;
            if (cap[CP_OPTIONAL] && !probe) {
                int base = P[H_RELAY_BASE], opts[2] = {base, base + 1}, a;
                ASK(a, R_CAPTURE, last, 0, 2, opts, base);
                if (a != base) continue; /* declined: as if the rule had not held */
            }
            int n = taken_pits(P, cap, s, last, m, pits);
            if (probe) {
                memcpy(m->first_taken, pits, n * sizeof(int));
                m->n_first_taken = n;
                m->first_captured = 1;
                return P_DONE;
            }
            const int *chosen = cap + CP_SELS + cap[CP_NSEL];
            for (int c = 0; c < chosen[0]; c++) {
                int stop = chosen[3 + 3 * c] ? P[H_RELAY_BASE] + 1 : -1;
                for (int j = 0; j < chosen[1 + 3 * c]; j++) {
                    int opts[MAX_SLOTS + 1], no = 0, a;
                    for (int q = 0; q < P[H_NPITS]; q++) {
                        if (!b[q] || in_list(pits, n, q) || !test(P, chosen[2 + 3 * c], s, q, m)) continue;
                        opts[no++] = P[H_PICK_BASE] + q;
                    }
                    if (!no || n >= MAX_SLOTS) break;
                    if (stop >= 0) opts[no++] = stop;
                    ASK(a, R_PIT, last, 0, no, opts, stop);
                    if (a < P[H_PICK_BASE]) break; /* stopped picking */
                    pits[n++] = a - P[H_PICK_BASE];
                }
            }
            int taken = take(P, cap, s, pits, n, m);
            s->marks[last] |= cap[CP_MARK0 + mover];  /* the mark the capture sets (the mover's, when owned) */
            m->captured += taken;
            if (laps == 1 && taken) m->first_captured = 1;
            fire(m, i);
            if (cap[CP_TO] == TO_SOW && taken) {
                int status = P_DONE;
                entry = entry_pit(P, cap, s, last, m, taken, &status);
                if (entry < 0) return status;
                hand = taken;
                sow_on = 1;
            } else if (cap[CP_GO_ON] && n) {
                last = pits[n - 1];  /* the relay rule reads the last pit taken as the landing pit */
            } else if (cap[CP_CARRY] && b[last]) {
                b[last]--;  /* the capturing piece goes on alone, from the landing pit */
                hand = 1;
                sow_on = 1;
            } else {
                ended = 1;
            }
            break;
        }
        if (probe && laps == 1) return P_DONE;
        if (ended) break;
        if (sow_on) continue;
        if (relay && P[H_RELAY_NEXT]) {
            /* lift the pit after the landing pit (direction not chosen yet: Python's index -1, clockwise) */
            int d = m->direction < 0 ? CW : m->direction;
            last = P[P[H_STEPS] + (mover * 2 + d) * ns + last];
            if (last == NONE || !test(P, P[H_RELAY_WHEN], s, last, m)) break;
            hand = b[last];
            b[last] = 0;
            lifted_from(P, s, last);
            continue;
        }
        if (relay && test(P, P[H_RELAY_WHEN], s, last, m)) {
            if (P[H_STOP_WHEN] >= 0 && test(P, P[H_STOP_WHEN], s, last, m)) {
                fire(m, F_RELAY_STOPPED);
                break;
            }
            if (P[H_ASK_WHEN] >= 0 && test(P, P[H_ASK_WHEN], s, last, m)) {
                int base = P[H_RELAY_BASE], opts[2] = {base, base + 1}, a;
                ASK(a, R_RELAY, last, 0, 2, opts, base + 1);
                if (a != base) {
                    fire(m, F_RELAY_STOP_CHOSEN);
                    break;
                }
                fire(m, F_RELAY_GO_ON_CHOSEN);
            }
            hand = b[last];
            b[last] = 0;
            lifted_from(P, s, last);
            continue;
        }
        break;
    }
    m->sowings = laps;
    return P_DONE;
}

/* ---------------------------------------------------------------- look-ahead */

static int allowed(const int *P, const Pos *before, const Pos *after, const Move *m, const int *kind, int feeding) {
    if (kind[K_REQUIRE_CAPTURE] == 2) {
        if (!m->first_captured) return 0;
    } else if (kind[K_REQUIRE_CAPTURE] && !m->captured) {
        return 0;
    }
    if (!m->first_ok) return 0;
    if (feeding && !side_sum(P, after, 1 - before->mover)) return 0;
    return 1;
}

/* One level of the depth-first search: the play so far and the options it stopped at, on the
 * heap so that a long chain of decisions does not exhaust the C stack. */
typedef struct {
    Pos work;
    Move move;
    int options[MAX_SLOTS];
} Level;

/* Count one play against the call's budget, and let Ctrl-C through now and then; 0 once the
 * search must stop (k->stopped says why). */
static int spend(Kernel *k) {
    if (k->stopped) return 0;
    k->plays++;
    if (k->plays % SIGNAL_EVERY == 0 && PyErr_CheckSignals() < 0) k->stopped = 1;
    else if (k->plays > MAX_PLAYS_PER_CALL) k->stopped = 2;
    return !k->stopped;
}

static int search(Kernel *k, const Pos *s, int ki, int pit, int d, int feeding, int *prefix, int n) {
    const int *P = k->p;
    if (!spend(k)) return 0;
    Level *level = malloc(sizeof(Level));
    if (!level) return 0;
    Move *m = &level->move;
    pos_copy(&level->work, s, P[H_NSLOTS]);
    move_init(m, prefix, n, ASK_STOP);
    int r = play(P, &level->work, ki, pit, d, m, 0), ok = 0;
    if (r == P_NEED && n < MAX_DECISIONS) {
        int no = m->n_options;
        memcpy(level->options, m->options, no * sizeof(int));
        for (int i = 0; i < no && !ok; i++) {
            prefix[n] = level->options[i];
            ok = search(k, s, ki, pit, d, feeding, prefix, n + 1);
        }
    } else if (r == P_DONE) {
        ok = allowed(P, s, &level->work, m, P + P[P[H_KINDS] + ki], feeding);
    }
    free(level);
    return ok;
}

/* Whether the move from a start, after the decisions in prefix, can be completed so that it
 * is allowed: the first options first, then a depth-first search. */
static int completes(Kernel *k, const Pos *s, int ki, int pit, int d, int feeding, int *prefix, int n, Move *m) {
    const int *P = k->p;
    if (!spend(k)) return 0;
    Pos work;
    pos_copy(&work, s, P[H_NSLOTS]);
    move_init(m, prefix, n, ASK_FIRST);
    int r = play(P, &work, ki, pit, d, m, 0);
    if (r == P_ENDLESS) {
        if (!k->bound_hits) k->bound_pit = pit;
        k->bound_hits++;
    } else if (r == P_DONE && allowed(P, s, &work, m, P + P[P[H_KINDS] + ki], feeding)) {
        return 1;
    }
    return search(k, s, ki, pit, d, feeding, prefix, n);
}

static int acceptable(Kernel *k, const Pos *s, int ki, int pit, int d, int feeding, int *prefix, Move *m) {
    const int *P = k->p;
    const int *kind = P + P[P[H_KINDS] + ki];
    if (kind[K_REQUIRE_CAPTURE] == 2 && kind[K_TAKE] != TAKE_ANY) {
        Pos work;
        pos_copy(&work, s, P[H_NSLOTS]);
        move_init(m, NULL, 0, ASK_FIRST);
        if (play(P, &work, ki, pit, d, m, 1) != P_DONE || !m->first_captured) return 0;
    }
    return completes(k, s, ki, pit, d, feeding, prefix, 0, m);
}

/* ---------------------------------------------------------------- Python glue */

static int read_ints(PyObject *seq, int *out, int max, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > max) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: %zd items, at most %d", what, n, max);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(items[i]);
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        if (v < INT_MIN || v > INT_MAX) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_OverflowError, "%s: %ld does not fit the kernel's counts", what, v);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return (int)n;
}

static PyObject *int_list(const int *v, int n) {
    PyObject *list = PyList_New(n);
    if (!list) return NULL;
    for (int i = 0; i < n; i++) PyList_SET_ITEM(list, i, PyLong_FromLong(v[i]));
    return list;
}

static PyObject *int_tuple(const int *v, int n) {
    PyObject *tuple = PyTuple_New(n);
    if (!tuple) return NULL;
    for (int i = 0; i < n; i++) PyTuple_SET_ITEM(tuple, i, PyLong_FromLong(v[i]));
    return tuple;
}

static int read_number(PyObject *o, long long low, long long high, const char *what, long long *out) {
    long long v = PyLong_AsLongLong(o);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < low || v > high) {
        PyErr_Format(PyExc_ValueError, "%s is %lld; the kernel takes %lld to %lld", what, v, low, high);
        return -1;
    }
    *out = v;
    return 0;
}

/* position: (board, marks, stock, removed, stage, moves_played, mover). Every count is checked
 * here, so that no position handed in can make a play index or count past what it holds. */
static int read_pieces(const Kernel *k, PyObject *board, Pos *s);

static int read_pos(const Kernel *k, PyObject *args, Pos *s, Py_ssize_t first) {
    int ns = k->p[H_NSLOTS];
    s->nk = 0;
    if (k->p[H_PIECES] >= 0) {
        if (read_pieces(k, PyTuple_GET_ITEM(args, first), s)) return -1;
    } else if (read_ints(PyTuple_GET_ITEM(args, first), s->board, MAX_SLOTS, "board") != ns) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "board has the wrong size");
        return -1;
    }
    if (read_ints(PyTuple_GET_ITEM(args, first + 1), s->marks, MAX_SLOTS, "marks") != ns) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "marks have the wrong size");
        return -1;
    }
    if (read_ints(PyTuple_GET_ITEM(args, first + 2), s->stock, 2, "stock") != 2) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "stock needs two numbers");
        return -1;
    }
    long long total = 0;
    for (int q = 0; q < ns; q++) {
        if (s->board[q] < 0) { PyErr_Format(PyExc_ValueError, "board[%d] is negative", q); return -1; }
        total += s->board[q];
    }
    for (int p = 0; p < 2; p++) {
        if (s->stock[p] < 0) { PyErr_SetString(PyExc_ValueError, "a stock is negative"); return -1; }
        total += s->stock[p];
    }
    if (total > MAX_PIECES) {
        PyErr_Format(PyExc_ValueError, "%lld pieces in play; the kernel counts at most %d", total, MAX_PIECES);
        return -1;
    }
    long long removed, stage, played, mover;
    if (read_number(PyTuple_GET_ITEM(args, first + 3), 0, LONG_MAX, "removed", &removed)
        || read_number(PyTuple_GET_ITEM(args, first + 4), 0, MAX_STAGE_BITS - 1, "stage", &stage)
        || read_number(PyTuple_GET_ITEM(args, first + 5), 0, INT_MAX, "moves_played", &played)
        || read_number(PyTuple_GET_ITEM(args, first + 6), 0, 1, "mover", &mover))
        return -1;
    s->removed = (long)removed;
    s->stage = (int)stage;
    s->moves_played = (int)played;
    s->mover = (int)mover;
    return 0;
}

#define POS_ARGS 7

/* With several kinds of piece the board argument holds, after the ns totals, the count of
 * each kind in each slot (slot by slot): each total must be the sum of its kinds. */
static int read_pieces(const Kernel *k, PyObject *board, Pos *s) {
    int ns = k->p[H_NSLOTS], nk = k->p[k->p[H_PIECES] + PC_NK];
    int *all = malloc((MAX_SLOTS + MAX_KIND_CELLS) * sizeof(int));
    if (!all) { PyErr_NoMemory(); return -1; }
    int n = read_ints(board, all, MAX_SLOTS + MAX_KIND_CELLS, "board");
    if (n != ns + ns * nk) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "board has the wrong size (totals, then each kind's counts)");
        free(all);
        return -1;
    }
    memcpy(s->board, all, ns * sizeof(int));
    memcpy(s->kinds, all + ns, (size_t)ns * nk * sizeof(int));
    free(all);
    s->nk = nk;
    for (int q = 0; q < ns; q++) {
        long long total = 0;
        for (int j = 0; j < nk; j++) {
            if (s->kinds[q * nk + j] < 0) { PyErr_Format(PyExc_ValueError, "a count of board[%d] is negative", q); return -1; }
            total += s->kinds[q * nk + j];
        }
        if (total != s->board[q]) { PyErr_Format(PyExc_ValueError, "board[%d] is not the sum of its kinds", q); return -1; }
    }
    return 0;
}

/* A position's kinds, for Python: None in a game of one kind of piece. */
static PyObject *kinds_list(const Pos *s, int ns) {
    if (!s->nk) Py_RETURN_NONE;
    return int_list(s->kinds, ns * s->nk);
}

/* Read (kind, pit, direction) from args[at..at+2]; ValueError unless they can start a move here. */
static int read_start(const Kernel *k, PyObject *args, Py_ssize_t at, int *ki, int *pit, int *d) {
    long v[3];
    for (int i = 0; i < 3; i++) {
        v[i] = PyLong_AsLong(PyTuple_GET_ITEM(args, at + i));
        if (v[i] == -1 && PyErr_Occurred()) return -1;
    }
    if (v[0] < 0 || v[0] >= k->p[H_NKINDS] || v[1] < 0 || v[1] >= k->p[H_NSLOTS] || v[2] < LATER || v[2] > CW) {
        PyErr_SetString(PyExc_ValueError, "no such start");
        return -1;
    }
    *ki = (int)v[0];
    *pit = (int)v[1];
    *d = (int)v[2];
    return 0;
}

/* (starts refused for the lap bound by the last call, the pit of the first), then reset */
static PyObject *take_hits(Kernel *k) {
    PyObject *out = Py_BuildValue("(li)", k->bound_hits, k->bound_pit);
    k->bound_hits = 0;
    k->bound_pit = -1;
    return out;
}

static int check_args(Kernel *k, PyObject *args, Py_ssize_t n, const char *name) {
    if (!PyTuple_Check(args) || PyTuple_GET_SIZE(args) != n) {
        PyErr_Format(PyExc_TypeError, "%s takes %zd arguments", name, n);
        return -1;
    }
    k->plays = 0;
    k->stopped = 0;
    return 0;
}

/* After a search: 0, or -1 with the exception set when it was interrupted or over budget. */
static int search_failed(Kernel *k) {
    if (k->stopped == 2)
        PyErr_Format(LimitError, "the look-ahead needed more than %ld plays to decide which moves are legal",
                     MAX_PLAYS_PER_CALL);
    if (k->stopped && !PyErr_Occurred()) PyErr_SetString(PyExc_KeyboardInterrupt, "");
    return k->stopped ? -1 : 0;
}

/* With move kinds offered together, a legal start's mask also says which kind plays each
 * direction: 5 bits from KIND_SHIFT(d). */
#define KIND_SHIFT(d) (KIND_SHIFT_BASE + 5 * ((d) + 1))

static int start_kind(const int *P, int mask, int d, int first) {
    return P[H_OFFER_ALL] ? (mask >> KIND_SHIFT(d)) & 31 : first;
}

/* The legal starts of the first move kind that has any (of every kind, when they are offered
 * together): their action ids, pits and directions (bit d+1 of the mask); returns the
 * (first) kind's index, or -1 (or -2: no memory). */
static int find_legal_in(Kernel *k, const Pos *s, int feeding, int *aids, int *pits, int *masks, int *n_found,
                         Move *m, int *prefix);

static int find_legal(Kernel *k, const Pos *s, int feeding, int *aids, int *pits, int *masks, int *n_found) {
    Move *m = malloc(sizeof(Move));
    int *prefix = malloc(MAX_DECISIONS * sizeof(int));
    if (!m || !prefix) { free(m); free(prefix); return -2; }
    int found = find_legal_in(k, s, feeding, aids, pits, masks, n_found, m, prefix);
    free(m);
    free(prefix);
    return found;
}

/* find_legal with the caller's scratch space (a move and MAX_DECISIONS ints). */
static int find_legal_in(Kernel *k, const Pos *s, int feeding, int *aids, int *pits, int *masks, int *n_found,
                         Move *m, int *prefix) {
    const int *P = k->p;
    int simulate = P[H_MUST_SIMULATE] || feeding, found_kind = -1, offer_all = P[H_OFFER_ALL];
    *n_found = 0;
    for (int ki = 0; ki < P[H_NKINDS] && (!*n_found || offer_all); ki++) {
        const int *kind = P + P[P[H_KINDS] + ki];
        int drop = kind[K_DROP], take_n = kind[K_TAKE];
        if (drop && s->stock[s->mover] < drop) continue;
        const int *table = P + kind[K_TABLE0 + s->mover];
        const int *dirs = P + kind[K_DIRS];
        /* nothing to test or play out: the pits with pieces, in every direction offered */
        int plain = kind[K_TEST] < 0 && !simulate, all_dirs = 0;
        for (int j = 1; j <= dirs[0]; j++) all_dirs |= 1 << (dirs[j] + 1);
        for (int r = 0; r < table[0]; r++) {
            int aid = table[1 + 2 * r], pit = table[2 + 2 * r];
            int n = s->board[pit] + drop;
            if (((take_n == TAKE_ALL || take_n == TAKE_ANY) && !n) || (take_n > 0 && n < take_n)) continue;
            int mask = plain ? all_dirs : 0;
            for (int j = 1; j <= dirs[0] && !plain; j++) {
                int d = dirs[j];
                if (kind[K_TEST] >= 0) {
                    move_init(m, NULL, 0, ASK_FIRST);
                    m->origin = pit;
                    m->direction = d;
                    m->kind = -1;
                    if (!test(P, kind[K_TEST], s, pit, m)) continue;
                }
                if (simulate && !acceptable(k, s, ki, pit, d, feeding, prefix, m)) continue;
                if (k->stopped) break;
                mask |= 1 << (d + 1);
            }
            if (mask && offer_all) {
                /* offered together: one row per pit; an earlier kind keeps a pit and direction */
                int at = 0;
                while (at < *n_found && aids[at] != aid) at++;
                if (at == *n_found) {
                    if (at >= MAX_SLOTS) continue;
                    aids[at] = aid;
                    pits[at] = pit;
                    masks[at] = 0;
                    (*n_found)++;
                }
                for (int d = LATER; d <= CW; d++)
                    if ((mask >> (d + 1) & 1) && !(masks[at] >> (d + 1) & 1))
                        masks[at] |= 1 << (d + 1) | ki << KIND_SHIFT(d);
                if (found_kind < 0) found_kind = ki;
            } else if (mask) {
                aids[*n_found] = aid;
                pits[*n_found] = pit;
                masks[*n_found] = mask;
                (*n_found)++;
                found_kind = ki;
            }
        }
    }
    if (offer_all) {
        /* offered together: in action order, as the Python path lists them (moves.legal_starts) */
        for (int i = 1; i < *n_found; i++) {
            int a = aids[i], q = pits[i], mk = masks[i], j = i;
            for (; j > 0 && aids[j - 1] > a; j--) {
                aids[j] = aids[j - 1];
                pits[j] = pits[j - 1];
                masks[j] = masks[j - 1];
            }
            aids[j] = a;
            pits[j] = q;
            masks[j] = mk;
        }
    }
    return found_kind;
}

/* legal(board, marks, stock, removed, stage, moves_played, mover, feeding)
 *   -> (kind index, [(action id, directions bitmask), ...]) for the first kind with any, or
 *      (-1, []); then the bound hits (see take_hits). */
static PyObject *Kernel_legal(Kernel *k, PyObject *args) {
    if (check_args(k, args, POS_ARGS + 1, "legal")) return NULL;
    Pos s;
    if (read_pos(k, args, &s, 0)) return NULL;
    int feeding = PyObject_IsTrue(PyTuple_GET_ITEM(args, POS_ARGS));
    int aids[MAX_SLOTS], pits[MAX_SLOTS], masks[MAX_SLOTS], n_found;
    int found_kind = find_legal(k, &s, feeding, aids, pits, masks, &n_found);
    if (found_kind == -2) return PyErr_NoMemory();
    if (search_failed(k)) return NULL;
    PyObject *list = PyList_New(n_found);
    if (!list) return NULL;
    for (int i = 0; i < n_found; i++)
        PyList_SET_ITEM(list, i, Py_BuildValue("(ii)", aids[i], masks[i]));
    return Py_BuildValue("(iNN)", found_kind, list, take_hits(k));
}

/* threats(board, ..., mover, feeding) -> (whether the mover has a legal start, the pits the
 * first laps of the legal capturing starts would take, bound hits): what `threatened` asks. */
static PyObject *Kernel_threats(Kernel *k, PyObject *args) {
    if (check_args(k, args, POS_ARGS + 1, "threats")) return NULL;
    Pos s;
    if (read_pos(k, args, &s, 0)) return NULL;
    int feeding = PyObject_IsTrue(PyTuple_GET_ITEM(args, POS_ARGS));
    const int *P = k->p;
    int aids[MAX_SLOTS], pits[MAX_SLOTS], masks[MAX_SLOTS], n_found;
    int ki = find_legal(k, &s, feeding, aids, pits, masks, &n_found);
    if (ki == -2) return PyErr_NoMemory();
    if (search_failed(k)) return NULL;
    int taken[MAX_SLOTS] = {0};
    if (ki >= 0) {
        Move *m = malloc(sizeof(Move));
        if (!m) return PyErr_NoMemory();
        for (int i = 0; i < n_found; i++) {
            for (int d = LATER; d <= CW; d++) {
                if (!(masks[i] >> (d + 1) & 1)) continue;
                int kd = start_kind(P, masks[i], d, ki);
                if (!P[P[P[H_KINDS] + kd] + K_CAPTURES]) continue;
                Pos work = s;
                move_init(m, NULL, 0, ASK_FIRST);
                if (play(P, &work, kd, pits[i], d, m, 1) != P_DONE) continue;
                for (int j = 0; j < m->n_first_taken; j++) taken[m->first_taken[j]] = 1;
            }
        }
        free(m);
    }
    PyObject *list = PyList_New(0);
    if (!list) return NULL;
    for (int q = 0; q < P[H_NSLOTS]; q++) {
        if (!taken[q]) continue;
        PyObject *item = PyLong_FromLong(q);
        if (!item || PyList_Append(list, item) < 0) { Py_XDECREF(item); Py_DECREF(list); return NULL; }
        Py_DECREF(item);
    }
    return Py_BuildValue("(NNN)", PyBool_FromLong(ki >= 0), list, take_hits(k));
}

/* completes(board, ..., mover, feeding, kind, pit, direction, prefix) -> (bool, bound hits) */
static PyObject *Kernel_completes(Kernel *k, PyObject *args) {
    if (check_args(k, args, POS_ARGS + 5, "completes")) return NULL;
    Pos s;
    if (read_pos(k, args, &s, 0)) return NULL;
    int feeding = PyObject_IsTrue(PyTuple_GET_ITEM(args, POS_ARGS)), ki, pit, d;
    if (read_start(k, args, POS_ARGS + 1, &ki, &pit, &d)) return NULL;
    Move *m = malloc(sizeof(Move));
    int *prefix = malloc(MAX_DECISIONS * sizeof(int));
    if (!m || !prefix) { free(m); free(prefix); return PyErr_NoMemory(); }
    int n = read_ints(PyTuple_GET_ITEM(args, POS_ARGS + 4), prefix, MAX_DECISIONS - 1, "prefix");
    int ok = n >= 0 && completes(k, &s, ki, pit, d, feeding, prefix, n, m);
    free(m);
    free(prefix);
    if (n < 0 || search_failed(k)) return NULL;
    return Py_BuildValue("(NN)", PyBool_FromLong(ok), take_hits(k));
}

/* play(board, ..., mover, kind, pit, direction, decisions): the move, up to the next decision
 *   -> ("done", board, marks, stock, removed, facts, fired, end_prog, end_who, taken) | ("endless",) |
 *      ("need", board, marks, stock, removed, (kind, at, in_hand, options, default))
 * facts: (direction, lifted, lap, captured, first_captured, last, first_ok, sowings,
 *         lap_seq, lap_hand) */
static PyObject *Kernel_play(Kernel *k, PyObject *args) {
    if (check_args(k, args, POS_ARGS + 4, "play")) return NULL;
    Pos s;
    if (read_pos(k, args, &s, 0)) return NULL;
    int ki, pit, d;
    if (read_start(k, args, POS_ARGS, &ki, &pit, &d)) return NULL;
    Move *m = malloc(sizeof(Move));
    int *given = malloc(MAX_DECISIONS * sizeof(int));
    if (!m || !given) { free(m); free(given); return PyErr_NoMemory(); }
    int n = read_ints(PyTuple_GET_ITEM(args, POS_ARGS + 3), given, MAX_DECISIONS, "decisions");
    if (n < 0) { free(m); free(given); return NULL; }
    move_init(m, given, n, ASK_STOP);
    int r = play(k->p, &s, ki, pit, d, m, 0);
    int ns = k->p[H_NSLOTS];
    PyObject *out;
    if (r == P_BAD) {
        PyErr_SetString(PyExc_ValueError, "a given decision is not one of the options asked, or the start "
                        "cannot be played in this position");
        out = NULL;
    } else if (r == P_LIMIT) {
        PyErr_SetString(LimitError, "the move asks to choose among more options than the kernel holds");
        out = NULL;
    } else if (r == P_ENDLESS) {
        out = Py_BuildValue("(s)", "endless");
    } else if (r == P_NEED) {
        out = Py_BuildValue("(sNNNl(iiiNi)NN)", "need", int_list(s.board, ns), int_list(s.marks, ns),
                            int_list(s.stock, 2), s.removed, m->req_kind, m->req_at, m->req_in_hand,
                            int_list(m->options, m->n_options), m->req_default, kinds_list(&s, ns),
                            int_list(m->hand_kinds, m->req_kind == R_PIECE ? s.nk : 0));
    } else {
        out = Py_BuildValue("(sNNNl(iiiiNiNiNi)NiiNNNN)", "done", int_list(s.board, ns), int_list(s.marks, ns),
                            int_list(s.stock, 2), s.removed,
                            m->direction, m->lifted, m->lap, m->captured, PyBool_FromLong(m->first_captured),
                            m->last, PyBool_FromLong(m->first_ok), m->sowings,
                            int_tuple(m->seq ? m->seq : m->seq_buf, m->seq_len), m->lap_hand,
                            int_list(m->fired, m->n_fired), m->end_prog, m->end_who,
                            int_list(m->taken, 2 * m->n_taken), kinds_list(&s, ns),
                            s.nk && m->has_drops ? int_list(m->last_drop, ns) : int_list(NULL, 0),
                            int_list(m->taken_kinds, 3 * m->n_taken_kinds));
    }
    free(m);
    free(given);
    return out;
}


/* ---------------------------------------------------------------- program checks */

/* The program is checked once, when a Kernel is made, so that play() may index its tables
 * without checks: every offset inside the array, every pit index inside the board, every
 * counted list no longer than the fixed arrays that copy it, conditions nested at most
 * MAX_DEPTH deep. A program that fails is refused with the first problem found. */
typedef struct {
    const int *p;
    Py_ssize_t n;
    int ns;
    long visits;
    const char *why;
} Check;

static int bad(Check *c, const char *why) {
    if (!c->why) c->why = why;
    return 0;
}

/* [at, at + len) lies inside the program */
static int span(Check *c, long at, long len) {
    if (at < 0 || len < 0 || at > c->n || len > c->n - at) return bad(c, "an offset outside the program");
    return 1;
}

/* len values at `at`, each in [low, high] */
static int values(Check *c, long at, long len, int low, int high) {
    if (!span(c, at, len)) return 0;
    for (long i = 0; i < len; i++)
        if (c->p[at + i] < low || c->p[at + i] > high) return bad(c, "a value out of range in a table");
    return 1;
}

/* a counted list [n, values...] of at most MAX_SLOTS values in [low, high] */
static int counted(Check *c, long at, int low, int high) {
    if (!span(c, at, 1)) return 0;
    if (c->p[at] < 0 || c->p[at] > MAX_SLOTS) return bad(c, "a list longer than the kernel holds");
    return values(c, at + 1, c->p[at], low, high);
}

static int pit_list(Check *c, long at) { return counted(c, at, 0, c->ns - 1); }

static int check_matcher(Check *c, long at) {
    if (!span(c, at, 3)) return 0;
    if (c->p[at] == 1) return counted(c, c->p[at + 1], INT_MIN, INT_MAX);
    if (c->p[at] == 2) {  /* low, high, parity -1..1, modulus >= 0 */
        long r = c->p[at + 1];
        if (!span(c, r, 4)) return 0;
        if (c->p[r + 2] < -1 || c->p[r + 2] > 1 || c->p[r + 3] < 0) return bad(c, "a bad parity or modulus");
        return 1;
    }
    return c->p[at] == 0 ? 1 : bad(c, "an unknown matcher");
}

static int check_condition(Check *c, long node, int depth) {
    if (depth > MAX_DEPTH) return bad(c, "conditions nested too deep");
    if (++c->visits > 10000000L) return bad(c, "too many condition nodes");
    if (!span(c, node, 2)) return 0;
    const int *x = c->p + node;
    switch (x[0]) {
    case C_TRUE: case C_SIDE: case C_ROW: case C_STORE: case C_MARK: case C_CAPTURED: case C_DIRECTION:
    case C_START: case C_LAST: case C_AFTER_LAST:
        return 1;
    case C_MARK_OWNER:
        if (!span(c, node, 4)) return 0;
        return x[3] == 0 || x[3] == 1 ? 1 : bad(c, "a bad mark owner");
    case C_STAGE: case C_MOVE_KIND:
        return 1;  /* a bit set, shifted by a checked index */
    case C_AND: case C_OR:
        if (!span(c, node + 2, x[1])) return 0;
        for (int i = 0; i < x[1]; i++)
            if (!check_condition(c, x[2 + i], depth + 1)) return 0;
        return 1;
    case C_NOT: case C_OPPOSITE: case C_BEHIND: case C_NEXT: case C_PREVIOUS: case C_ORIGIN: case C_MIRROR:
    case C_COLUMN:
        return check_condition(c, x[1], depth + 1);
    case C_INSET:
        return span(c, x[1], c->ns);
    case C_COUNT: case C_COUNT_BEFORE: case C_LIFTED: case C_LAP: case C_STOCK: case C_STOCKS:
    case C_OWN_SIDE: case C_OPPONENT_SIDE: case C_MOVES_PLAYED: case C_ON_BOARD:
        return check_matcher(c, node + 1);
    case C_DROPPED:
        return 1;  /* a bit set of kinds */
    case C_BEFORE: case C_IN_PLAY:
        if (!span(c, node, 5)) return 0;
        return check_matcher(c, node + 2);
    case C_COUNT_PITS:
        if (!span(c, node, 7)) return 0;
        return check_condition(c, x[1], depth + 1) && check_matcher(c, node + 2)
               && pit_list(c, x[5]) && pit_list(c, x[6]);
    }
    return bad(c, "an unknown condition node");
}

static int optional_condition(Check *c, long node) { return node == -1 || check_condition(c, node, 0); }

static int check_kind(Check *c, long at) {
    if (!span(c, at, K_PLACEMENT + 1)) return 0;
    const int *x = c->p + at;
    if (x[K_DROP] < 0 || x[K_DROP] > MAX_PIECES || x[K_TAKE] < TAKE_ANY || x[K_TAKE] > MAX_PIECES
        || x[K_MORE_PITS] < 0 || x[K_MORE_PITS] > MAX_SLOTS || x[K_PLACEMENT] < 0 || x[K_PLACEMENT] > 1)
        return bad(c, "a move kind's counts out of range");
    if (x[K_NAME] < 0 || x[K_NAME] >= MAX_STAGE_BITS) return bad(c, "a move kind's index out of range");
    if (!optional_condition(c, x[K_REQUIRE]) || !optional_condition(c, x[K_TEST])) return 0;
    if (!counted(c, x[K_DIRS], LATER, CW)) return 0;
    for (int p = 0; p < 2; p++) {
        long t = x[K_TABLE0 + p];
        if (!span(c, t, 1) || c->p[t] < 0 || c->p[t] > MAX_SLOTS) return bad(c, "a move kind's table out of range");
        if (!span(c, t + 1, 2L * c->p[t])) return 0;
        for (int r = 0; r < c->p[t]; r++)
            if (c->p[t + 2 + 2 * r] < 0 || c->p[t + 2 + 2 * r] >= c->ns) return bad(c, "a start's pit outside the board");
    }
    return 1;
}

static int check_capture(Check *c, long at, int has_store[2]) {
    if (!span(c, at, CP_SELS)) return 0;
    const int *x = c->p + at;
    if (x[CP_TO] < TO_STORE || x[CP_TO] > TO_LANDING) return bad(c, "an unknown capture destination");

    if (!check_condition(c, x[CP_WHEN], 0) || !optional_condition(c, x[CP_ENTRY])
        || !optional_condition(c, x[CP_NEAREST]) || !pit_list(c, x[CP_ENTRY_PITS0]) || !pit_list(c, x[CP_ENTRY_PITS1]))
        return 0;
    if (x[CP_TO] == TO_SOW && x[CP_ENTRY] == -1) return bad(c, "a capture sown without an entry");
    if (x[CP_ENTRY_TURNS] < 0 || x[CP_ENTRY_TURNS] > 3) return bad(c, "a bad direction for captured pieces");
    if (x[CP_CARRY] < 0 || x[CP_CARRY] > 1 || x[CP_MOST] < 0) return bad(c, "a capture's carry or most out of range");
    int nsel = x[CP_NSEL];
    if (!span(c, at + CP_SELS, (long)nsel + 1)) return 0;
    for (int i = 0; i < nsel; i++) {
        long sel = x[CP_SELS + i];
        if (!span(c, sel, 1)) return 0;
        if (c->p[sel] == SEL_CHAIN) {
            if (!span(c, sel, 7) || !check_condition(c, c->p[sel + 1], 0)) return 0;
        } else if (c->p[sel] < SEL_LANDING || c->p[sel] > SEL_OPPONENT_COLUMN) {
            return bad(c, "an unknown selector");
        }
    }
    long chosen = at + CP_SELS + nsel;
    if (c->p[chosen] < 0 || !span(c, chosen + 1, 3L * c->p[chosen])) return bad(c, "bad chosen pits");
    /* (a capture that takes no pit, only marking the landing pit, needs no store) */
    if (x[CP_TO] == TO_STORE && !(has_store[0] && has_store[1]) && (nsel || c->p[chosen]))
        return bad(c, "a capture into a missing store");
    for (int i = 0; i < c->p[chosen]; i++)
        if (!check_condition(c, c->p[chosen + 2 + 3 * i], 0)) return 0;
    return 1;
}

/* The pieces record (several kinds of piece): one capture record per capture. */
static int check_pieces(Check *c, long at) {
    const int *p = c->p;
    if (!span(c, at, PC_CAPS + (long)p[H_NCAPS])) return 0;
    const int *x = p + at;
    int nk = x[PC_NK];
    if (nk < 1 || nk > MAX_PIECE_KINDS || (long)nk * c->ns > MAX_KIND_CELLS) return bad(c, "too many kinds of piece");
    if (x[PC_ORDER_CHOICE] < 0 || x[PC_ORDER_CHOICE] > 1 || x[PC_KIND_BASE] < 0 || x[PC_KIND_BASE] > INT_MAX - nk
        || x[PC_PIECE_BASE] < 0 || x[PC_PIECE_BASE] > INT_MAX - MAX_KIND_CELLS)
        return bad(c, "a pieces number out of range");
    if (!values(c, x[PC_VALUES], nk, -MAX_PIECES, MAX_PIECES) || !values(c, x[PC_CAPTURABLE], nk, 0, 1)) return 0;
    for (int i = 0; i < p[H_NCAPS]; i++) {
        long rec = x[PC_CAPS + i];
        if (!span(c, rec, 2) || p[rec] < 0 || p[rec] > 1 || p[rec + 1] < 0 || p[rec + 1] > MAX_SLOTS
            || !span(c, rec + 2, (long)PK_SIZE * p[rec + 1]))
            return c->why ? 0 : bad(c, "a bad capture of kinds");
        for (int j = 0; j < p[rec + 1]; j++) {
            const int *pick = p + rec + 2 + PK_SIZE * j;
            long run = pick[PK_RUN];
            if (pick[PK_COUNT] < 0 || pick[PK_COUNT] > MAX_SLOTS || pick[PK_OR_STORE] < 0 || pick[PK_OR_STORE] > 1)
                return bad(c, "a bad pick");
            if (run != -1 && (!span(c, run, 7) || p[run] != SEL_CHAIN || !check_condition(c, p[run + 1], 0)))
                return c->why ? 0 : bad(c, "a bad run of picks");
            if (!check_condition(c, pick[PK_FROM], 0)) return 0;
        }
    }
    return 1;
}

static const char *check_program(const int *p, Py_ssize_t n) {
    Check c = {p, n, p[H_NSLOTS], 0, NULL};
    int ns = c.ns;
    if (ns <= 0 || ns > MAX_SLOTS) return "the kernel handles boards of 1 to 256 slots";
    if (p[H_NPITS] < 0 || p[H_NPITS] > ns) return "more pits than slots";
    if (!values(&c, p[H_OWNER], ns, NONE, 1) || !span(&c, p[H_ROW], ns) || !values(&c, p[H_OPP], ns, NONE, ns - 1)
        || !values(&c, p[H_BEHIND], ns, NONE, ns - 1) || !values(&c, p[H_STEPS], 4L * ns, NONE, ns - 1)
        || !values(&c, p[H_ALONG], 2L * ns, LATER, CW) || !span(&c, p[H_XCOL], ns)
        || !values(&c, p[H_STORE], 2, NONE, ns - 1) || !span(&c, p[H_OWN], 2)
        || !values(&c, p[H_MIRROR], ns, NONE, ns - 1))
        return c.why;
    for (int slot = H_AFTER; slot <= H_LOOP; slot++) {
        if (!span(&c, p[slot], 4L * ns)) return c.why;
        for (long i = 0; i < 4L * ns; i++)
            if (!pit_list(&c, p[p[slot] + i])) return c.why;
    }
    for (int i = 0; i < 2; i++)
        if (!pit_list(&c, p[p[H_OWN] + i])) return c.why;
    if (!span(&c, p[H_COLUMN], ns)) return c.why;
    for (long q = 0; q < ns; q++)
        if (!pit_list(&c, p[p[H_COLUMN] + q])) return c.why;
    for (long q = 0; q < ns; q++) {
        long x = p[p[H_XCOL] + q];
        if (x < -100000 || x > 100000) return "a column out of range";
    }
    if (p[H_MAX_LAPS] < 0 || 2L * p[H_MAX_LAPS] + 8 > MAX_DECISIONS || p[H_DIR_BASE] < 0 || p[H_RELAY_BASE] < 0 || p[H_PICK_BASE] < 0
        || p[H_NUMBER_BASE] < 0 || p[H_PICK_BASE] > INT_MAX - MAX_SLOTS || p[H_NUMBER_BASE] > INT_MAX - MAX_SLOTS
        || p[H_DIR_BASE] > INT_MAX - 2 || p[H_RELAY_BASE] > INT_MAX - 2)
        return "a header number out of range";
    for (int slot = H_FIRST_INTO_ORIGIN; slot <= H_OFFER_ALL; slot++)
        if (slot != H_NPASSING && slot != H_PASSING && slot != H_TO_OWNER && (p[slot] < 0 || p[slot] > 1))
            return "a header flag out of range";
    if (!optional_condition(&c, p[H_SKIP]) || !check_condition(&c, p[H_RELAY_WHEN], 0)
        || !optional_condition(&c, p[H_STOP_WHEN]) || !optional_condition(&c, p[H_ASK_WHEN]))
        return c.why;
    if (p[H_NKINDS] < 0 || p[H_NKINDS] > MAX_STAGE_BITS || !span(&c, p[H_KINDS], p[H_NKINDS])) return c.why ? c.why : "too many move kinds";
    for (int i = 0; i < p[H_NKINDS]; i++)
        if (!check_kind(&c, p[p[H_KINDS] + i])) return c.why;
    int has_store[2] = {p[p[H_STORE]] != NONE, p[p[H_STORE] + 1] != NONE};
    if (p[H_NCAPS] < 0 || p[H_NCAPS] > MAX_FIRED || !span(&c, p[H_CAPS], p[H_NCAPS])) return c.why ? c.why : "too many captures";
    for (int i = 0; i < p[H_NCAPS]; i++)
        if (!check_capture(&c, p[p[H_CAPS] + i], has_store)) return c.why;
    if (p[H_NPASSING] < 0 || p[H_NPASSING] > MAX_FIRED || !span(&c, p[H_PASSING], p[H_NPASSING]))
        return c.why ? c.why : "too many captures while passing";
    if (p[H_NPASSING] && !(has_store[0] && has_store[1])) return "a capture while passing into a missing store";
    for (int i = 0; i < p[H_NPASSING]; i++) {
        long rec = p[p[H_PASSING] + i];
        if (!span(&c, rec, 3) || !check_condition(&c, p[rec], 0)) return c.why;
    }
    long owners = p[H_TO_OWNER];
    if (!span(&c, owners, 1) || p[owners] < 0 || p[owners] > MAX_SLOTS || !values(&c, owners + 1, 2L * p[owners], INT_MIN, INT_MAX))
        return c.why ? c.why : "a bad list of owned marks";
    for (int i = 0; i < p[owners]; i++)
        if (p[owners + 2 + 2 * i] < 0 || p[owners + 2 + 2 * i] > 1 || p[p[H_STORE] + p[owners + 2 + 2 * i]] == NONE)
            return "an owned mark sending pieces to a missing store";
    if (p[H_PIECES] != -1 && !check_pieces(&c, p[H_PIECES])) return c.why;
    if (p[H_HELD] != -1 && !span(&c, p[H_HELD], 2)) return c.why;
    if (p[H_NDURING] < 0 || !span(&c, p[H_DURING], p[H_NDURING])) return c.why ? c.why : "bad end checks";
    for (int i = 0; i < p[H_NDURING]; i++) {
        long rec = p[p[H_DURING] + i];
        if (!span(&c, rec, 4) || !pit_list(&c, p[rec + 1]) || !pit_list(&c, p[rec + 2])
            || !(p[rec] == 3 ? check_condition(&c, p[rec + 3], 0) : 1))
            return c.why ? c.why : "a bad end check";
    }
    return NULL;
}

static int Kernel_init(Kernel *k, PyObject *args, PyObject *kwds) {
    PyObject *program;
    if (!PyArg_ParseTuple(args, "O", &program)) return -1;
    PyObject *fast = PySequence_Fast(program, "program must be a sequence of ints");
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n < H_SIZE) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "program too short");
        return -1;
    }
    int *p = PyMem_Malloc(n * sizeof(int));
    if (!p) { Py_DECREF(fast); PyErr_NoMemory(); return -1; }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(items[i]);
        if ((v == -1 && PyErr_Occurred()) || v < INT_MIN || v > INT_MAX) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_OverflowError, "a program number does not fit 32 bits");
            PyMem_Free(p);
            Py_DECREF(fast);
            return -1;
        }
        p[i] = (int)v;
    }
    Py_DECREF(fast);
    const char *why = check_program(p, n);
    if (why) {
        PyMem_Free(p);
        PyErr_Format(PyExc_ValueError, "a program the kernel cannot run: %s", why);
        return -1;
    }
    PyMem_Free(k->p);
    k->p = p;
    k->n = n;
    k->bound_hits = 0;
    k->bound_pit = -1;
    return 0;
}

static void Kernel_dealloc(Kernel *k) {
    PyMem_Free(k->p);
    Py_TYPE(k)->tp_free((PyObject *)k);
}

static PyMethodDef Kernel_methods[] = {
    {"legal", (PyCFunction)Kernel_legal, METH_VARARGS, "The legal starts of the first move kind that has any."},
    {"threats", (PyCFunction)Kernel_threats, METH_VARARGS, "The pits the mover's legal captures would take on their first lap."},
    {"completes", (PyCFunction)Kernel_completes, METH_VARARGS, "Whether a start and decisions can end in an allowed move."},
    {"play", (PyCFunction)Kernel_play, METH_VARARGS, "Play one move (or up to the next decision)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "rulespec.interpreter._kernel.Kernel",
    .tp_basicsize = sizeof(Kernel),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A compiled ruleset's per-move path.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Kernel_init,
    .tp_dealloc = (destructor)Kernel_dealloc,
    .tp_methods = Kernel_methods,
};

/* Whole games (playouts, the native state) over the stage programs: a separate file. */
#include "_game.c"

static PyMethodDef module_methods[] = {
    {"playouts", playouts, METH_VARARGS, "Random games played to the end in C (see interpreter/native.py)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, "_kernel", "The move kernel (see interpreter/kernel.py).", -1, module_methods,
};

PyMODINIT_FUNC PyInit__kernel(void) {
    if (PyType_Ready(&KernelType) < 0) return NULL;
    PyObject *mod = PyModule_Create(&kernel_module);
    if (!mod) return NULL;
    /* The program layout this file reads; interpreter/kernel.py refuses a stale build. */
    if (PyModule_AddIntConstant(mod, "LAYOUT", LAYOUT_VERSION) < 0) {
        Py_DECREF(mod);
        return NULL;
    }
    /* a rulespec.errors.LimitError (a RulespecError), so that whoever catches the project's
     * errors catches the kernel's too; RuntimeError where rulespec is not importable */
    PyObject *errors = PyImport_ImportModule("rulespec.errors");
    PyObject *base = errors ? PyObject_GetAttrString(errors, "LimitError") : NULL;
    Py_XDECREF(errors);
    if (!base) {
        PyErr_Clear();
        base = Py_NewRef(PyExc_RuntimeError);
    }
    LimitError = PyErr_NewExceptionWithDoc("rulespec.interpreter._kernel.LimitError",
                                           "A call that would go past the kernel's bounds (docs/limits.md).",
                                           base, NULL);
    Py_DECREF(base);
    if (!LimitError || PyModule_AddObject(mod, "LimitError", Py_NewRef(LimitError)) < 0) {
        Py_DECREF(mod);
        return NULL;
    }
    Py_INCREF(&KernelType);
    if (PyModule_AddObject(mod, "Kernel", (PyObject *)&KernelType) < 0) {
        Py_DECREF(&KernelType);
        Py_DECREF(mod);
        return NULL;
    }
    if (add_game_types(mod) < 0) {
        Py_DECREF(mod);
        return NULL;
    }
    return mod;
}
