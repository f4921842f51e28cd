/* Rows of RGB pixels moved between buffers, for the Tabletop Simulator sheets.

   A sheet's band (a row of its cells) is laid out as PNG's framed rows in one
   buffer and deflated from there (render/tts.py). Each card's cell is its
   trimmed image halved by box averaging, read straight from the framed rows
   the card's own PNG was made from, and written into its place in the band:
   no cell image, no paste and no second layout of the band's rows.

   `halved` rounds as Pillow's Image.reduce(2) does: (a + b + c + d + 2) >> 2,
   so a cell is the same pixels either way (render/rows.py holds the same
   functions in Python, and the tests compare the two). Every call checks
   that what it reads and writes lies inside its buffers. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The sum of two rows is a vector loop at -O3 (one and a half times as fast as at -O2, as
   measured); with glibc on x86-64, `halve_rows` is also made for AVX2, taken where the
   processor has it (about 15 % faster, as measured). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3")
#endif
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__GLIBC__)
#define FOR_EACH_PROCESSOR __attribute__((target_clones("avx2", "default")))
#else
#define FOR_EACH_PROCESSOR
#endif

/* Whether rows `rows` of `length` bytes, `stride` apart from `offset`, lie inside `size`. */
static int inside(Py_ssize_t size, Py_ssize_t offset, Py_ssize_t stride, Py_ssize_t rows,
                  Py_ssize_t length) {
    if (offset < 0 || stride < 0 || rows < 0 || length < 0) return 0;
    if (rows == 0 || length == 0) return offset <= size;
    if (stride > 0 && rows - 1 > (PY_SSIZE_T_MAX - offset - length) / stride) return 0;
    return offset + (rows - 1) * stride + length <= size;
}

/* Rows 2y and 2y + 1 of `from` halved into row y of `to`, for `height` rows of `width`
   pixels; `sums` has room for a row of 6 * width sums. */
FOR_EACH_PROCESSOR
static void halve_rows(const uint8_t *from, Py_ssize_t src_stride, uint8_t *to,
                       Py_ssize_t dst_stride, Py_ssize_t width, Py_ssize_t height,
                       uint16_t *sums) {
    for (Py_ssize_t y = 0; y < height; y++) {
        const uint8_t *a = from + 2 * y * src_stride, *b = a + src_stride;
        uint8_t *out = to + y * dst_stride;
        /* The two rows summed first (the compiler makes this a vector loop), then each
           pixel's pair of sums. */
        for (Py_ssize_t i = 0; i < 6 * width; i++) sums[i] = (uint16_t)(a[i] + b[i]);
        for (Py_ssize_t x = 0; x < width; x++) {
            const uint16_t *s = sums + 6 * x;
            out[3 * x + 0] = (uint8_t)((s[0] + s[3] + 2) >> 2);
            out[3 * x + 1] = (uint8_t)((s[1] + s[4] + 2) >> 2);
            out[3 * x + 2] = (uint8_t)((s[2] + s[5] + 2) >> 2);
        }
    }
}

static PyObject *halved(PyObject *self, PyObject *args) {
    Py_buffer src, dst;
    Py_ssize_t src_stride, src_at, dst_stride, dst_at, width, height;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*nnw*nnnn:halved", &src, &src_stride, &src_at, &dst,
                          &dst_stride, &dst_at, &width, &height))
        return NULL;
    PyObject *result = NULL;
    if (width < 0 || height < 0 || width > PY_SSIZE_T_MAX / 6 || height > PY_SSIZE_T_MAX / 2 ||
        !inside(src.len, src_at, src_stride, 2 * height, 6 * width) ||
        !inside(dst.len, dst_at, dst_stride, height, 3 * width)) {
        PyErr_SetString(PyExc_ValueError, "the rows lie outside their buffers");
        goto done;
    }
    uint16_t *sums = malloc(sizeof(uint16_t) * (size_t)(6 * width + 1));
    if (sums == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Py_BEGIN_ALLOW_THREADS
    halve_rows((const uint8_t *)src.buf + src_at, src_stride, (uint8_t *)dst.buf + dst_at,
               dst_stride, width, height, sums);
    Py_END_ALLOW_THREADS
    free(sums);
    result = Py_NewRef(Py_None);
done:
    PyBuffer_Release(&src);
    PyBuffer_Release(&dst);
    return result;
}

static PyObject *copied(PyObject *self, PyObject *args) {
    Py_buffer src, dst;
    Py_ssize_t src_stride, src_at, dst_stride, dst_at, length, rows;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*nnw*nnnn:copied", &src, &src_stride, &src_at, &dst,
                          &dst_stride, &dst_at, &length, &rows))
        return NULL;
    PyObject *result = NULL;
    if (!inside(src.len, src_at, src_stride, rows, length) ||
        !inside(dst.len, dst_at, dst_stride, rows, length)) {
        PyErr_SetString(PyExc_ValueError, "the rows lie outside their buffers");
        goto done;
    }
    Py_BEGIN_ALLOW_THREADS
    const uint8_t *from = (const uint8_t *)src.buf + src_at;
    uint8_t *to = (uint8_t *)dst.buf + dst_at;
    for (Py_ssize_t y = 0; y < rows; y++)
        memmove(to + y * dst_stride, from + y * src_stride, (size_t)length);
    Py_END_ALLOW_THREADS
    result = Py_NewRef(Py_None);
done:
    PyBuffer_Release(&src);
    PyBuffer_Release(&dst);
    return result;
}

static PyMethodDef methods[] = {
    {"halved", halved, METH_VARARGS,
     "halved(src, src_stride, src_at, dst, dst_stride, dst_at, width, height)\n--\n\n"
     "Write a width x height block of RGB pixels into dst, each the rounded mean of a 2 x 2\n"
     "block of src's pixels (src's rows stride bytes apart from src_at, dst's likewise)."},
    {"copied", copied, METH_VARARGS,
     "copied(src, src_stride, src_at, dst, dst_stride, dst_at, length, rows)\n--\n\n"
     "Copy rows of length bytes from src into dst (each's rows stride bytes apart from at)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_rows", "Rows of RGB pixels moved between buffers, in C.", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__rows(void) { return PyModule_Create(&module); }
