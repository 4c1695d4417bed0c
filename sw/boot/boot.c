/* Mosaic UART boot loader (docs/fpga.md "Loading programs"; the frame format
 * is in boot.h). Runs from the top of RAM with its own stack; a frame is
 * received into a buffer and checked whole before anything is written. */
#include <stdbool.h>
#include <stdint.h>

#include "boot.h"
#include "mosaic_memmap.h"

#define REG32(a) (*(volatile uint32_t *)(uintptr_t)(a))

static void put(uint8_t c)
{
    while (!(REG32(MOSAIC_UART_STATUS) & 1u))
        ;
    REG32(MOSAIC_UART_TXDATA) = c;
}

static void puts_(const char *s)
{
    while (*s)
        put((uint8_t)*s++);
}

static uint8_t get(void)
{
    uint32_t v;
    while ((v = REG32(MOSAIC_UART_RXDATA)) & 0x80000000u)
        ;
    return (uint8_t)v;
}

/* CRC-32 (reflected, polynomial 0xEDB88320) four bits at a time: 16 table
 * words, four times the speed of the bitwise loop, in the loader's 4 KiB. */
uint32_t boot_crc32(uint32_t crc, const uint8_t *p, uint32_t n)
{
    static const uint32_t t[16] = {
        0x00000000u, 0x1DB71064u, 0x3B6E20C8u, 0x26D930ACu, 0x76DC4190u, 0x6B6B51F4u,
        0x4DB26158u, 0x5005713Cu, 0xEDB88320u, 0xF00F9344u, 0xD6D6A3E8u, 0xCB61B38Cu,
        0x9B64C2B0u, 0x86D3D2D4u, 0xA00AE278u, 0xBDBDF21Cu};
    crc = ~crc;
    while (n--) {
        crc ^= *p++;
        crc = (crc >> 4) ^ t[crc & 15u];
        crc = (crc >> 4) ^ t[crc & 15u];
    }
    return ~crc;
}

static uint32_t le(const uint8_t *p, int n)
{
    uint32_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

/* [a, a + n) lies in one loadable memory (n >= 1). */
static bool loadable(uint32_t a, uint32_t n)
{
    static const uint32_t win[3][2] = {
        {MOSAIC_RAM_BASE, BOOT_RAM_BYTES - BOOT_SIZE},
        {MOSAIC_MAIN_BASE, BOOT_MAIN_BYTES},
        {MOSAIC_SCPAD_BASE, BOOT_SCPAD_BYTES},
    };
    for (int i = 0; i < 3; i++)
        if (a - win[i][0] < win[i][1] && n <= win[i][1] - (a - win[i][0]))
            return true;
    return false;
}

/* ACK names the frame it answers (0x80 | its seq's low 7 bits: never a NUL,
 * which simulated UART output cannot carry), so a late ACK of a frame the
 * host already sent again is not taken for the next frame's. */
static void ack(uint32_t seq)
{
    put(BOOT_ACK);
    put((uint8_t)(0x80u | (seq & 0x7Fu)));
}

static void nak(uint8_t why)
{
    put(BOOT_NAK);
    put(why);
}

/* The image accepted since start-up or the last go. */
typedef struct {
    uint16_t seq;      /* next expected */
    uint32_t total;    /* data bytes */
    uint32_t crc;      /* CRC-32 of those bytes */
    uint32_t last_crc; /* frame CRC of the last accepted frame, for repeats */
    bool have_last;
} image;

static void forget(image *im)
{
    im->seq = 0;
    im->total = 0;
    im->crc = 0;
    im->have_last = false;
}

/* One frame after its sync bytes: hdr = type seq addr len. */
static void frame(image *im)
{
    uint8_t hdr[9], buf[BOOT_MAX_PAYLOAD], tail[4];
    for (int i = 0; i < 9; i++)
        hdr[i] = get();
    uint32_t seq = le(hdr + 1, 2), addr = le(hdr + 3, 4), len = le(hdr + 7, 2);
    if (len > BOOT_MAX_PAYLOAD) {
        nak(BOOT_ERR_LEN); /* cannot tell where the frame ends: resync */
        return;
    }
    for (uint32_t i = 0; i < len; i++)
        buf[i] = get();
    for (int i = 0; i < 4; i++)
        tail[i] = get();
    uint32_t st = REG32(MOSAIC_UART_STATUS);
    if (st & 0xCu) { /* a byte was lost (overrun) or garbled (framing) */
        REG32(MOSAIC_UART_STATUS) = 0xCu;
        nak(BOOT_ERR_RX);
        return;
    }
    uint32_t crc = boot_crc32(boot_crc32(0, hdr, 9), buf, len);
    if (crc != le(tail, 4)) {
        nak(BOOT_ERR_CRC);
        return;
    }
    if (im->have_last && crc == im->last_crc && seq == (uint16_t)(im->seq - 1u)) {
        ack(seq); /* a repeat: its ACK was lost or late */
        return;
    }
    if (seq != im->seq) {
        nak(BOOT_ERR_SEQ);
        return;
    }
    if (hdr[0] == BOOT_DATA) {
        if (len == 0) {
            nak(BOOT_ERR_LEN);
            return;
        }
        if (!loadable(addr, len)) {
            nak(BOOT_ERR_ADDR);
            return;
        }
        volatile uint8_t *dst = (volatile uint8_t *)(uintptr_t)addr;
        for (uint32_t i = 0; i < len; i++)
            dst[i] = buf[i];
        im->total += len;
        im->crc = boot_crc32(im->crc, buf, len);
        im->seq++;
        im->last_crc = crc;
        im->have_last = true;
        ack(seq);
        return;
    }
    if (hdr[0] != BOOT_GO) {
        nak(BOOT_ERR_TYPE);
        return;
    }
    if (len != 8) {
        nak(BOOT_ERR_LEN);
        return;
    }
    if (le(buf, 4) != im->total || le(buf + 4, 4) != im->crc) {
        forget(im);
        nak(BOOT_ERR_IMAGE);
        return;
    }
    if ((addr & 3u) || addr - MOSAIC_RAM_BASE > BOOT_RAM_BYTES - BOOT_SIZE - 4u) {
        nak(BOOT_ERR_ADDR);
        return;
    }
    ack(seq);
    while (!(REG32(MOSAIC_UART_STATUS) & 1u)) /* the ACK leaves before the program talks */
        ;
    __asm__ volatile("fence" ::: "memory");
    ((void (*)(void))(uintptr_t)addr)();
    for (;;) /* a program that returns: wait for a reset */
        ;
}

void boot_main(void)
{
    image im;
    forget(&im);
    REG32(MOSAIC_UART_STATUS) = 0xCu; /* clear stale RX errors */
    puts_("\r\nmosaic-boot: ready\r\n");
    uint8_t prev = 0;
    for (;;) {
        uint8_t c = get();
        if (prev == BOOT_SYNC0 && c == BOOT_SYNC1) {
            frame(&im);
            c = 0;
        }
        prev = c;
    }
}
