/*
 * calculate.c - a small command-line calculator.
 *
 * Usage:   ./calculate "5 + 3"
 * Build:   gcc -Wall -o calculate calculate.c
 *
 * The expression is ONE argument: + - * / on numbers, unary minus and
 * parentheses. Exit status: 0 ok, 1 usage, 2 syntax error, 3 division by 0.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

enum status { OK = 0, SYNTAX_ERROR = 2, DIVISION_BY_ZERO = 3 };

struct parser {
    const char *pos;    /* next character to read */
    enum status status; /* first error seen, or OK */
};

static double parse_sum(struct parser *p);

static void skip_blanks(struct parser *p)
{
    while (*p->pos == ' ' || *p->pos == '\t')
        p->pos++;
}

/* Keeps the first error only; later ones follow from it. */
static void fail(struct parser *p, enum status status)
{
    if (p->status == OK)
        p->status = status;
}

/* number := digits [ '.' digits ] */
static double parse_number(struct parser *p)
{
    char *end;
    double value;

    skip_blanks(p);
    if (!isdigit((unsigned char)*p->pos) && *p->pos != '.') {
        fail(p, SYNTAX_ERROR);
        return 0.0;
    }
    value = strtod(p->pos, &end);
    if (end == p->pos)
        fail(p, SYNTAX_ERROR);
    p->pos = end;
    return value;
}

/* factor := '-' factor | '(' sum ')' | number */
static double parse_factor(struct parser *p)
{
    double value;

    skip_blanks(p);
    if (*p->pos == '-') {
        p->pos++;
        return -parse_factor(p);
    }
    if (*p->pos == '(') {
        p->pos++;
        value = parse_sum(p);
        skip_blanks(p);
        if (*p->pos != ')')
            fail(p, SYNTAX_ERROR);
        else
            p->pos++;
        return value;
    }
    return parse_number(p);
}

/* product := factor { ('*' | '/') factor } */
static double parse_product(struct parser *p)
{
    double value = parse_factor(p);

    for (;;) {
        char op;
        double right;

        skip_blanks(p);
        op = *p->pos;
        if (op != '*' && op != '/')
            return value;
        p->pos++;
        right = parse_factor(p);
        if (op == '*') {
            value *= right;
        } else if (right == 0.0) {
            fail(p, DIVISION_BY_ZERO);
            return 0.0;
        } else {
            value /= right;
        }
    }
}

/* sum := product { ('+' | '-') product } */
static double parse_sum(struct parser *p)
{
    double value = parse_product(p);

    for (;;) {
        char op;

        skip_blanks(p);
        op = *p->pos;
        if (op != '+' && op != '-')
            return value;
        p->pos++;
        if (op == '+')
            value += parse_product(p);
        else
            value -= parse_product(p);
    }
}

/* Evaluates a whole expression; *status says if the result is valid. */
static double evaluate(const char *text, enum status *status)
{
    struct parser p = { text, OK };
    double value = parse_sum(&p);

    skip_blanks(&p);
    if (*p.pos != '\0')
        fail(&p, SYNTAX_ERROR);
    *status = p.status;
    return value;
}

int main(int argc, char **argv)
{
    enum status status;
    double result;

    if (argc != 2) {
        fprintf(stderr, "usage: %s \"5 + 3\"\n", argv[0]);
        return 1;
    }

    result = evaluate(argv[1], &status);
    if (status != OK) {
        fprintf(stderr, "error: %s in \"%s\"\n", status == SYNTAX_ERROR
                ? "syntax error" : "division by zero", argv[1]);
        return status;
    }
    printf("%.10g\n", result);
    return 0;
}
