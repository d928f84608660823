# aarch64-linux-gnu.cmake: cross-builds isaprobe for 64-bit Arm boards: RK3399 (Mali-T860), Amlogic G12 and S922X (Mali-G52), Allwinner H6 (Mali-T720), A64 and H5 (Mali-400/450), with Debian's cross compiler and the
# board's libraries as Debian multiarch packages (README, "Running on a board"):
#   apt install gcc-aarch64-linux-gnu
#   dpkg --add-architecture arm64 && apt update && apt install libdrm-dev:arm64 libsqlite3-dev:arm64
#   cmake -B build/arm64 -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake \
#         -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(ISAPROBE_CROSS_TRIPLE aarch64-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross-common.cmake)
