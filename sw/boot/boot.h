/* Mosaic UART boot loader: the frame format and the board's limits.
 *
 * docs/fpga.md "Loading programs" is the specification; tools/mosaic-load
 * is the host side. Everything little-endian.
 *
 *   frame  = 'M' 'Z' type seq[2] addr[4] len[2] payload[len] crc[4]
 *   type   = 'D' data: write payload at addr..addr+len-1 (1 <= len <= 256)
 *            'G' go: addr = entry point, payload = total[4] image_crc[4],
 *                the number of data bytes accepted since the last go or
 *                reset and the CRC-32 of those bytes in order
 *   seq    = 0 for the first frame after start-up or a go; +1 per frame
 *   crc    = CRC-32 (IEEE 802.3, zlib's crc32) of type..payload
 *
 * Each frame is answered with ACK (0x06) and 0x80 | its seq's low 7 bits,
 * or NAK (0x15) and one reason byte. A NAKed frame changes nothing; a repeat of the last accepted frame
 * (its ACK was lost) is ACKed again without writing. A go whose totals do not
 * match what was accepted is NAKed and forgets the image, so a half-loaded
 * program never runs. */
#ifndef MOSAIC_BOOT_H
#define MOSAIC_BOOT_H

#define BOOT_SYNC0 'M'
#define BOOT_SYNC1 'Z'
#define BOOT_DATA 'D'
#define BOOT_GO 'G'
#define BOOT_ACK 0x06
#define BOOT_NAK 0x15
#define BOOT_MAX_PAYLOAD 256

/* NAK reasons */
#define BOOT_ERR_CRC 'C'   /* frame CRC wrong */
#define BOOT_ERR_TYPE 'T'  /* unknown type */
#define BOOT_ERR_LEN 'L'   /* length 0, over 256, or not 8 for a go */
#define BOOT_ERR_ADDR 'A'  /* range outside the loadable memory */
#define BOOT_ERR_SEQ 'S'   /* sequence number neither the next nor the last */
#define BOOT_ERR_IMAGE 'I' /* go: totals differ from what was accepted */
#define BOOT_ERR_RX 'R'    /* the UART lost or garbled a byte of the frame */

/* The loader occupies the top BOOT_SIZE bytes of the board's RAM; programs
 * load below it, into main memory and into the scratchpad. The sizes are the
 * FPGA configuration's (fpga/fpga.mk passes them). */
#ifndef BOOT_RAM_BYTES
#define BOOT_RAM_BYTES 0x10000
#endif
#ifndef BOOT_MAIN_BYTES
#define BOOT_MAIN_BYTES 0x10000
#endif
#ifndef BOOT_SCPAD_BYTES
#define BOOT_SCPAD_BYTES 0x8000
#endif
#define BOOT_SIZE 0x1000

#ifndef BOOT_LINKER_SCRIPT
#include <stdint.h>
uint32_t boot_crc32(uint32_t crc, const uint8_t *p, uint32_t n);
#endif

#endif
