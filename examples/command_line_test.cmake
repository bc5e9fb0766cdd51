# One example's command line: --help exits 0 and its usage (on stdout) has
# a row for every flag the source spells as a "--flag" literal; an unknown
# flag, and a bad count for --n, exit 2 with one line on stderr.
# It runs in the scratch directory WORK: a mistake taken for an output
# path must not write files elsewhere.
#   cmake -DEXAMPLE=<program> -DSOURCE=<example.cpp> -DWORK=<dir> -P command_line_test.cmake
cmake_minimum_required(VERSION 3.21)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

execute_process(COMMAND ${EXAMPLE} --help WORKING_DIRECTORY ${WORK} RESULT_VARIABLE result
                OUTPUT_VARIABLE help ERROR_VARIABLE errors TIMEOUT 60)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "--help exited with ${result}, not 0:\n${help}${errors}")
endif()
file(READ ${SOURCE} source)
string(REGEX MATCHALL "\"--[a-z][a-z0-9-]*" flags "${source}")
list(TRANSFORM flags REPLACE "^\"" "")
list(REMOVE_DUPLICATES flags)
list(REMOVE_ITEM flags --help)  # its row is "-h, --help"
foreach(flag IN LISTS flags)
  if(NOT help MATCHES "\n  ${flag}[ \n]")
    message(FATAL_ERROR "--help has no row for ${flag}:\n${help}")
  endif()
endforeach()

# Each mistake: status 2, nothing on stdout, one line on stderr.
set(mistakes "--no-such-flag")
if(help MATCHES "\n  --n N ")
  list(APPEND mistakes "--n -3" "--n many" "--n")
endif()
foreach(shown IN LISTS mistakes)
  separate_arguments(mistake UNIX_COMMAND "${shown}")
  execute_process(COMMAND ${EXAMPLE} ${mistake} WORKING_DIRECTORY ${WORK} RESULT_VARIABLE result
                  OUTPUT_VARIABLE output ERROR_VARIABLE errors TIMEOUT 60)
  string(REGEX MATCHALL "\n" newlines "${errors}")
  list(LENGTH newlines lines)
  if(NOT result EQUAL 2 OR NOT output STREQUAL "" OR NOT lines EQUAL 1)
    message(FATAL_ERROR "'${shown}': expected status 2 and one line on stderr, got ${result}:\n"
                        "stdout: ${output}\nstderr: ${errors}")
  endif()
  message(STATUS "${shown}: ${errors}")
endforeach()
list(LENGTH flags count)
message(STATUS "--help lists all ${count} flags")
