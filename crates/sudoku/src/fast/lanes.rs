//! Vectors of 16-bit lanes for the triad solver, twice: on AVX2 registers, and portable.
//!
//! [`C16`](avx2::C16) is a box (16 lanes: a 4×4 matrix of 9-bit candidate sets) and
//! [`C8`](avx2::C8) a band's configurations (8 lanes). Both modules give the same methods with
//! the same meaning, lane for lane, so that the solver written once over them (see
//! [`super::triads`]) searches the same tree on either; a test runs both and compares.
//!
//! The AVX2 methods are safe functions with `#[target_feature(enable = "avx2")]` (stable
//! since Rust 1.86): the intrinsics they call are safe inside them, and they may only be
//! called from other AVX2 functions. Only the entry point that the dispatcher calls after
//! checking the CPU needs `unsafe` (in `fast/mod.rs`). The portable twin is plain arrays, which
//! the compiler turns into SSE2 or NEON where it can; its shuffles pick lanes without a branch.
//! (Packing four lanes to a `u64` and working a word at a time, SWAR, ran slower on x86-64:
//! the table shuffles cost more in words than in arrays.)
//!
//! Lane semantics that both must share:
//! - `shuffle` takes one control per 16-bit lane, `0x0100 + 0x0202·k` for the source lane
//!   `k` of the same 8-lane half, or `0xffff` for zero (as `pshufb` does on byte pairs);
//! - `rotate_rows` moves each lane of a 4-lane row one place to the left within the row
//!   (lane `j` takes lane `j+1 mod 4`), `rotate_rows2` two places; `rotate_cols` moves
//!   every row up by one (row `r` takes row `r+1 mod 4`), `rotate_cols2` by two; `C8`'s
//!   `rotate_cols` swaps its two rows;
//! - comparisons are signed, as `pcmpgtw`;
//! - `popcounts9` counts bits in each lane, for lanes of at most 9 bits; `minus_one`
//!   subtracts one from each lane (wrapping);
//! - `C8::clear_low_bit` clears the lowest set bit of the whole 128-bit vector (lane 0 is
//!   least significant), `C8::low_bits` keeps each lane's lowest bit;
//! - `C8::min_pos_ge(m)` is `phminposuw` of the lanes minus `m` (wrapping): the minimum in
//!   bits 0–15 and its first lane in bits 16–18.

/// The portable vectors: arrays of `u16`.
pub(crate) mod portable {
    /// Eight 16-bit lanes.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub(crate) struct C8([u16; 8]);

    /// Sixteen 16-bit lanes.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub(crate) struct C16([u16; 16]);

    /// The lane a shuffle control word takes, of eight lanes in `h`, or zero; without a
    /// branch (the controls come from tables the compiler cannot predict).
    #[inline(always)]
    fn pick(h: &[u16], c: u16) -> u16 {
        // Control `0x0100 + 0x0202·k` takes lane k; a control with bit 7 set gives zero.
        let keep = ((c >> 7) & 1).wrapping_sub(1);
        h[usize::from(c >> 1) & 7] & keep
    }

    macro_rules! lanewise {
        ($t:ident, $n:literal) => {
            impl $t {
                #[inline]
                pub(crate) fn load(a: &[u16; $n]) -> $t {
                    $t(*a)
                }
                #[inline]
                pub(crate) fn all(v: u16) -> $t {
                    $t([v; $n])
                }
                #[inline]
                fn map2(self, o: $t, f: impl Fn(u16, u16) -> u16) -> $t {
                    let mut r = [0; $n];
                    for i in 0..$n {
                        r[i] = f(self.0[i], o.0[i]);
                    }
                    $t(r)
                }
                #[inline]
                pub(crate) fn and(self, o: $t) -> $t {
                    self.map2(o, |a, b| a & b)
                }
                #[inline]
                pub(crate) fn or(self, o: $t) -> $t {
                    self.map2(o, |a, b| a | b)
                }
                #[inline]
                pub(crate) fn xor(self, o: $t) -> $t {
                    self.map2(o, |a, b| a ^ b)
                }
                /// `self & !o`.
                #[inline]
                pub(crate) fn and_not(self, o: $t) -> $t {
                    self.map2(o, |a, b| a & !b)
                }
                #[inline]
                pub(crate) fn intersects(self, o: $t) -> bool {
                    self.0.iter().zip(&o.0).any(|(a, b)| a & b != 0)
                }
                #[inline]
                pub(crate) fn all_zero(self) -> bool {
                    self.0.iter().all(|&a| a == 0)
                }
                #[inline(always)]
                pub(crate) fn shuffle(self, control: $t) -> $t {
                    let mut r = [0; $n];
                    for ((out, c), h) in r
                        .chunks_exact_mut(8)
                        .zip(control.0.chunks_exact(8))
                        .zip(self.0.chunks_exact(8))
                    {
                        for (o, &c) in out.iter_mut().zip(c) {
                            *o = pick(h, c);
                        }
                    }
                    $t(r)
                }
            }
        };
    }
    lanewise!(C8, 8);
    lanewise!(C16, 16);

    impl C8 {
        #[inline]
        pub(crate) fn rotate_cols(self) -> C8 {
            let a = self.0;
            C8([a[4], a[5], a[6], a[7], a[0], a[1], a[2], a[3]])
        }
        #[inline]
        pub(crate) fn low_bits(self) -> C8 {
            self.map2(self, |a, _| a & a.wrapping_neg())
        }
        #[inline]
        fn as_u128(self) -> u128 {
            self.0
                .iter()
                .rev()
                .fold(0u128, |acc, &l| (acc << 16) | u128::from(l))
        }
        #[inline]
        pub(crate) fn clear_low_bit(self) -> C8 {
            let x = self.as_u128();
            let x = x & x.wrapping_sub(1);
            let mut r = [0; 8];
            for (i, l) in r.iter_mut().enumerate() {
                *l = (x >> (16 * i)) as u16;
            }
            C8(r)
        }
        #[inline]
        pub(crate) fn popcount(self) -> u32 {
            self.as_u128().count_ones()
        }
        #[inline]
        pub(crate) fn min_pos_ge(self, m: u16) -> u32 {
            let (mut min, mut pos) = (u32::from(self.0[0].wrapping_sub(m)), 0);
            for (i, &l) in self.0.iter().enumerate().skip(1) {
                let v = u32::from(l.wrapping_sub(m));
                if v < min {
                    (min, pos) = (v, i as u32);
                }
            }
            (pos << 16) | min
        }
    }

    impl C16 {
        #[inline]
        pub(crate) fn subset_of(self, o: C16) -> bool {
            self.0.iter().zip(&o.0).all(|(a, b)| a & !b == 0)
        }
        #[inline]
        pub(crate) fn to_array(self) -> [u16; 16] {
            self.0
        }
        #[inline]
        pub(crate) fn from_halves(lo: C8, hi: C8) -> C16 {
            let mut r = [0; 16];
            r[..8].copy_from_slice(&lo.0);
            r[8..].copy_from_slice(&hi.0);
            C16(r)
        }
        #[inline]
        pub(crate) fn lo(self) -> C8 {
            let mut r = [0; 8];
            r.copy_from_slice(&self.0[..8]);
            C8(r)
        }
        #[inline]
        pub(crate) fn hi(self) -> C8 {
            let mut r = [0; 8];
            r.copy_from_slice(&self.0[8..]);
            C8(r)
        }
        #[inline]
        fn permute(self, f: impl Fn(usize) -> usize) -> C16 {
            let mut r = [0; 16];
            for (i, l) in r.iter_mut().enumerate() {
                *l = self.0[f(i)];
            }
            C16(r)
        }
        #[inline]
        pub(crate) fn rotate_rows(self) -> C16 {
            self.permute(|i| i / 4 * 4 + (i + 1) % 4)
        }
        #[inline]
        pub(crate) fn rotate_rows2(self) -> C16 {
            self.permute(|i| i / 4 * 4 + (i + 2) % 4)
        }
        #[inline]
        pub(crate) fn rotate_cols(self) -> C16 {
            self.permute(|i| (i + 4) % 16)
        }
        #[inline]
        pub(crate) fn rotate_cols2(self) -> C16 {
            self.permute(|i| (i + 8) % 16)
        }
        #[inline]
        pub(crate) fn popcounts9(self) -> C16 {
            self.map2(self, |a, _| a.count_ones() as u16)
        }
        #[inline]
        pub(crate) fn minus_one(self) -> C16 {
            self.map2(self, |a, _| a.wrapping_sub(1))
        }
        #[inline]
        pub(crate) fn which_equal(self, o: C16) -> C16 {
            self.map2(o, |a, b| if a == b { 0xffff } else { 0 })
        }
        #[inline]
        pub(crate) fn which_non_zero(self) -> C16 {
            self.map2(self, |a, _| if (a as i16) > 0 { 0xffff } else { 0 })
        }
        #[inline]
        pub(crate) fn any_less_than(self, o: C16) -> bool {
            self.0
                .iter()
                .zip(&o.0)
                .any(|(&a, &b)| (a as i16) < (b as i16))
        }
    }
}

/// The AVX2 vectors: `__m128i` and `__m256i`, every method an AVX2 function.
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2 {
    use std::arch::x86_64::*;

    /// Eight 16-bit lanes.
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct C8(__m128i);

    /// Sixteen 16-bit lanes.
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct C16(__m256i);

    impl C8 {
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn load(a: &[u16; 8]) -> C8 {
            // One vector load (building the vector lane by lane lets the compiler blend a
            // table row together from a dozen pieces).
            C8(zerocopy::transmute!(*a))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn all(v: u16) -> C8 {
            C8(_mm_set1_epi16(v as i16))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn and(self, o: C8) -> C8 {
            C8(_mm_and_si128(self.0, o.0))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn or(self, o: C8) -> C8 {
            C8(_mm_or_si128(self.0, o.0))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn xor(self, o: C8) -> C8 {
            C8(_mm_xor_si128(self.0, o.0))
        }
        /// `self & !o`.
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn and_not(self, o: C8) -> C8 {
            C8(_mm_andnot_si128(o.0, self.0))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn intersects(self, o: C8) -> bool {
            _mm_testz_si128(self.0, o.0) == 0
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn all_zero(self) -> bool {
            _mm_testz_si128(self.0, self.0) != 0
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn shuffle(self, control: C8) -> C8 {
            C8(_mm_shuffle_epi8(self.0, control.0))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn rotate_cols(self) -> C8 {
            C8(_mm_shuffle_epi32::<0b0100_1110>(self.0))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn low_bits(self) -> C8 {
            C8(_mm_and_si128(
                self.0,
                _mm_sign_epi16(self.0, _mm_set1_epi16(-1)),
            ))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn clear_low_bit(self) -> C8 {
            // Subtract one from the 128-bit value: from the low quadword when it is not
            // zero, else from the high one.
            let nonzero = _mm_cmpgt_epi64(self.0, _mm_setzero_si128());
            let one = _mm_andnot_si128(_mm_slli_si128::<1>(nonzero), _mm_srli_epi64::<63>(nonzero));
            C8(_mm_and_si128(self.0, _mm_sub_epi64(self.0, one)))
        }
        #[target_feature(enable = "avx2,popcnt")]
        #[inline]
        pub(crate) fn popcount(self) -> u32 {
            (_mm_cvtsi128_si64(self.0) as u64).count_ones()
                + (_mm_extract_epi64::<1>(self.0) as u64).count_ones()
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn min_pos_ge(self, m: u16) -> u32 {
            let d = _mm_sub_epi16(self.0, _mm_set1_epi16(m as i16));
            _mm_cvtsi128_si32(_mm_minpos_epu16(d)) as u32
        }
    }

    impl C16 {
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn load(a: &[u16; 16]) -> C16 {
            C16(zerocopy::transmute!(*a))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn all(v: u16) -> C16 {
            C16(_mm256_set1_epi16(v as i16))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn from_halves(lo: C8, hi: C8) -> C16 {
            C16(_mm256_set_m128i(hi.0, lo.0))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn lo(self) -> C8 {
            C8(_mm256_castsi256_si128(self.0))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn hi(self) -> C8 {
            C8(_mm256_extracti128_si256::<1>(self.0))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn and(self, o: C16) -> C16 {
            C16(_mm256_and_si256(self.0, o.0))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn or(self, o: C16) -> C16 {
            C16(_mm256_or_si256(self.0, o.0))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn xor(self, o: C16) -> C16 {
            C16(_mm256_xor_si256(self.0, o.0))
        }
        /// `self & !o`.
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn and_not(self, o: C16) -> C16 {
            C16(_mm256_andnot_si256(o.0, self.0))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn intersects(self, o: C16) -> bool {
            _mm256_testz_si256(self.0, o.0) == 0
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn subset_of(self, o: C16) -> bool {
            _mm256_testc_si256(o.0, self.0) != 0
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn shuffle(self, control: C16) -> C16 {
            C16(_mm256_shuffle_epi8(self.0, control.0))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn rotate_rows(self) -> C16 {
            let c = _mm256_setr_epi8(
                2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9, 2, 3, 4, 5, 6, 7, 0, 1, 10,
                11, 12, 13, 14, 15, 8, 9,
            );
            C16(_mm256_shuffle_epi8(self.0, c))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn rotate_rows2(self) -> C16 {
            C16(_mm256_shuffle_epi32::<0b1011_0001>(self.0))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn rotate_cols(self) -> C16 {
            C16(_mm256_permute4x64_epi64::<0b0011_1001>(self.0))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn rotate_cols2(self) -> C16 {
            C16(_mm256_permute4x64_epi64::<0b0100_1110>(self.0))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn popcounts9(self) -> C16 {
            let lookup = _mm256_setr_epi8(
                0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3,
                2, 3, 3, 4,
            );
            let low =
                _mm256_shuffle_epi8(lookup, _mm256_and_si256(self.0, _mm256_set1_epi16(0x0f)));
            let high = _mm256_shuffle_epi8(lookup, _mm256_srli_epi16::<4>(self.0));
            C16(_mm256_add_epi16(
                _mm256_add_epi16(low, high),
                _mm256_srli_epi16::<8>(self.0),
            ))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn minus_one(self) -> C16 {
            C16(_mm256_sub_epi16(self.0, _mm256_set1_epi16(1)))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn which_equal(self, o: C16) -> C16 {
            C16(_mm256_cmpeq_epi16(self.0, o.0))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn which_non_zero(self) -> C16 {
            C16(_mm256_cmpgt_epi16(self.0, _mm256_setzero_si256()))
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn any_less_than(self, o: C16) -> bool {
            _mm256_movemask_epi8(_mm256_cmpgt_epi16(o.0, self.0)) != 0
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn all_zero(self) -> bool {
            _mm256_testz_si256(self.0, self.0) != 0
        }
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(crate) fn to_array(self) -> [u16; 16] {
            let q = [
                _mm256_extract_epi64::<0>(self.0) as u64,
                _mm256_extract_epi64::<1>(self.0) as u64,
                _mm256_extract_epi64::<2>(self.0) as u64,
                _mm256_extract_epi64::<3>(self.0) as u64,
            ];
            std::array::from_fn(|i| (q[i / 4] >> (16 * (i % 4))) as u16)
        }
    }
}
