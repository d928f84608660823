# debian-cross-common.cmake: what the cross toolchain files share (not a toolchain file itself):
# Debian's cross gcc for ISAPROBE_CROSS_TRIPLE and the board's libraries, multiarch or unpacked.
if(NOT ISAPROBE_CROSS_TRIPLE)
  message(FATAL_ERROR "debian-cross-common.cmake is included by a toolchain file "
                      "(aarch64-linux-gnu.cmake, arm-linux-gnueabihf.cmake), not used as one")
endif()
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_C_COMPILER ${ISAPROBE_CROSS_TRIPLE}-gcc)
# Libraries and pkg-config files of the target architecture only, never the build machine's.
set(CMAKE_LIBRARY_ARCHITECTURE ${ISAPROBE_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/${ISAPROBE_CROSS_TRIPLE}/pkgconfig:/usr/share/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")
# Where multiarch installs clash with the build machine's packages: unpack the board's
# libdrm2, libdrm-dev, libsqlite3-0 and libsqlite3-dev .debs (apt download PKG:ARCH;
# dpkg -x PKG.deb DIR) into DIR and pass -DISAPROBE_SYSROOT=DIR.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES ISAPROBE_SYSROOT)
if(ISAPROBE_SYSROOT)
  list(APPEND CMAKE_PREFIX_PATH ${ISAPROBE_SYSROOT}/usr)
  set(ENV{PKG_CONFIG_LIBDIR} ${ISAPROBE_SYSROOT}/usr/lib/${ISAPROBE_CROSS_TRIPLE}/pkgconfig)
  set(ENV{PKG_CONFIG_SYSROOT_DIR} ${ISAPROBE_SYSROOT})
endif()
