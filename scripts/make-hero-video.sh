#!/usr/bin/env bash
# Generates the home hero background video and its poster from synthetic sources only
# (no stock footage), with Debian's ffmpeg 5.1 (geq, colorchannelmixer, blend, gblur, libx264, libvpx-vp9, libwebp).
#
#   bash scripts/make-hero-video.sh            # writes public/video/hero.{mp4,webm}, hero-poster.{webp,jpg}
#   DUR=2 OUT=/tmp/hero bash scripts/make-hero-video.sh   # quick preview
#   KEEP_MASTER=/tmp/hero.mkv bash scripts/make-hero-video.sh  # also keep the lossless master
#   FROM_MASTER=/tmp/hero.mkv bash scripts/make-hero-video.sh  # only re-encode (the render is slow:
#                                                                  # geq runs at about 1 frame/s on 2 cores)
#
# The picture: a dark-navy field with two slow cyan/violet glows and a board of circuit traces on a
# 40 px pitch; light pulses run along the traces. Every motion term is periodic in DUR (10 s): each glow
# orbits once and each pulse moves a whole number of periods, so the last frame flows into the first.
# The centre is masked down so white headline text on top keeps its contrast.
set -euo pipefail

cd "$(dirname "$0")/../.."
OUT=${OUT:-public/video}
DUR=${DUR:-10}          # seconds; the loop period is fixed at 10 s, a shorter DUR is only for previews
FPS=24
W=1280
H=720
MASTER=${FROM_MASTER:-$(mktemp --suffix=.mkv)}
GRAPH=$(mktemp --suffix=.txt)
trap 'rm -f "$GRAPH"; [ -n "${FROM_MASTER:-}" ] || rm -f "$MASTER"' EXIT
mkdir -p "$OUT"

# Centre mask: 0.15 behind the headline, rising to 1 towards the edges.
MASK='clip(0.15+(hypot((X-640)/640,(Y-360)/360)-0.32)*1.25,0.15,1)'
# A wide diagonal sweep that lifts the traces as it passes, once per 10 s.
SWEEP='(0.75+0.9*pow(sin(PI*((X+0.5*Y)/1800-T/10-floor((X+0.5*Y)/1800-T/10))),14))'

# Horizontal traces: rows every 40 px, cells of 320 px; a hashed half of the cells carry a trace
# segment with ring pads at both ends and one pulse (head plus fading tail) per 320 px, moving at
# 32, 64 or 96 px/s left or right (10 s x v / 320 is a whole number, so it loops).
HEXPR="st(0,floor(Y/40));st(1,abs(Y-40*ld(0)-20));st(2,floor(X/320));\
st(3,sin(ld(0)*12.9898+ld(2)*78.233+1.7)*43758.5453);st(3,ld(3)-floor(ld(3)));\
st(4,ld(3)*97.31-floor(ld(3)*97.31));st(5,ld(3)*31.77-floor(ld(3)*31.77));\
st(6,320*ld(2)+40*floor(ld(4)*3)+20);st(7,320*ld(2)+300-40*floor(ld(5)*3));\
st(8,(if(gt(ld(4),0.5),1,-1)*X-32*(1+floor(ld(5)*3))*T)/320+ld(3));st(8,pow(ld(8)-floor(ld(8)),6));\
st(9,min(hypot(X-ld(6),ld(1)),hypot(X-ld(7),ld(1))));\
gt(ld(3),0.56)*255*0.85*${MASK}*${SWEEP}*(clip(1.4-ld(1),0,1)*between(X,ld(6)+3,ld(7)-3)*(0.12+0.88*ld(8))+0.5*clip(1.2-abs(ld(9)-3.5),0,1))"

# Vertical traces: columns every 40 px, cells of 240 px, fewer of them, pulses at 24, 48 or 72 px/s.
VEXPR="st(0,floor(X/40));st(1,abs(X-40*ld(0)-20));st(2,floor(Y/240));\
st(3,sin(ld(0)*39.3467+ld(2)*11.135+4.3)*24634.6345);st(3,ld(3)-floor(ld(3)));\
st(4,ld(3)*57.13-floor(ld(3)*57.13));st(5,ld(3)*23.91-floor(ld(3)*23.91));\
st(6,240*ld(2)+40*floor(ld(4)*2)+20);st(7,240*ld(2)+220-40*floor(ld(5)*2));\
st(8,(if(gt(ld(4),0.5),1,-1)*Y-24*(1+floor(ld(5)*3))*T)/240+ld(3));st(8,pow(ld(8)-floor(ld(8)),6));\
st(9,min(hypot(Y-ld(6),ld(1)),hypot(Y-ld(7),ld(1))));\
gt(ld(3),0.68)*255*0.85*${MASK}*${SWEEP}*(clip(1.4-ld(1),0,1)*between(Y,ld(6)+3,ld(7)-3)*(0.12+0.88*ld(8))+0.5*clip(1.2-abs(ld(9)-3.5),0,1))"

# Background at quarter size (it is smooth): ink #0b1020 to #121933 downwards, a cyan glow top-left
# and a violet glow bottom-right, each orbiting once per 10 s.
G1='exp(-(pow(X/W-0.24-0.07*cos(2*PI*T/10),2)*3.2+pow(Y/H-0.34-0.09*sin(2*PI*T/10),2))/0.05)'
G2='exp(-(pow(X/W-0.78+0.07*cos(2*PI*T/10),2)*3.2+pow(Y/H-0.66+0.09*sin(2*PI*T/10),2))/0.06)'

cat >"$GRAPH" <<GRAPH
color=c=black:s=320x180:r=${FPS}:d=${DUR},format=gbrp,
geq=r='11+7*Y/H+${G1}*0.16*6+${G2}*0.22*139':g='16+9*Y/H+${G1}*0.16*182+${G2}*0.22*92':b='32+19*Y/H+${G1}*0.16*212+${G2}*0.22*246',
scale=${W}:${H}:flags=bicubic[bg];
color=c=black:s=${W}x${H}:r=${FPS}:d=${DUR},format=gray,geq=lum='${HEXPR}',format=gbrp,
colorchannelmixer=rr=0.133:rg=0:rb=0:gr=0:gg=0.827:gb=0:br=0:bg=0:bb=0.933[h];
color=c=black:s=${W}x${H}:r=${FPS}:d=${DUR},format=gray,geq=lum='${VEXPR}',format=gbrp,
colorchannelmixer=rr=0.655:rg=0:rb=0:gr=0:gg=0.545:gb=0:br=0:bg=0:bb=0.98[v];
[h][v]blend=all_mode=addition,split[t1][t2];
[t2]gblur=sigma=4[glow];
[bg][t1]blend=all_mode=addition[a];
[a][glow]blend=all_mode=addition,format=yuv444p[out]
GRAPH

if [ -z "${FROM_MASTER:-}" ]; then
  ffmpeg -hide_banner -loglevel error -y -filter_complex_script "$GRAPH" -map '[out]' -c:v ffv1 "$MASTER"
  if [ -n "${KEEP_MASTER:-}" ]; then cp "$MASTER" "$KEEP_MASTER"; fi
fi

# H.264: CRF 21 with aq-mode 3 (spends bits on dark areas; at CRF 30 the faint traces vanished),
# a bitrate cap as a size guard, faststart for progressive playback, no audio.
ffmpeg -hide_banner -loglevel error -y -i "$MASTER" -an -c:v libx264 -preset veryslow -tune animation \
  -crf 21 -x264-params aq-mode=3 -maxrate 1200k -bufsize 2400k -pix_fmt yuv420p -profile:v high \
  -movflags +faststart "$OUT/hero.mp4"

# VP9: constrained quality, two passes.
ffmpeg -hide_banner -loglevel error -y -i "$MASTER" -an -c:v libvpx-vp9 -b:v 600k -crf 38 -pass 1 \
  -passlogfile "$MASTER.vp9" -row-mt 1 -deadline good -cpu-used 4 -pix_fmt yuv420p -f webm /dev/null
ffmpeg -hide_banner -loglevel error -y -i "$MASTER" -an -c:v libvpx-vp9 -b:v 600k -crf 38 -pass 2 \
  -passlogfile "$MASTER.vp9" -row-mt 1 -deadline good -cpu-used 2 -pix_fmt yuv420p "$OUT/hero.webm"
rm -f "$MASTER.vp9"*

# Poster: the first frame, so the swap from poster to video is invisible.
ffmpeg -hide_banner -loglevel error -y -i "$MASTER" -frames:v 1 -c:v libwebp -quality 82 -compression_level 6 "$OUT/hero-poster.webp"
ffmpeg -hide_banner -loglevel error -y -i "$MASTER" -frames:v 1 -q:v 6 -pix_fmt yuvj420p "$OUT/hero-poster.jpg"

ls -l "$OUT"/hero.mp4 "$OUT"/hero.webm "$OUT"/hero-poster.webp "$OUT"/hero-poster.jpg
